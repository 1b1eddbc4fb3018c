// Float64 reference: field 6 (mass) of each 8-float struct.
extern "C" __global__ void fields_ref(const float* p, double* y, int n) {
  const long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = 2.0 * (double)p[i * 8 + 6] + 1.0;
}
