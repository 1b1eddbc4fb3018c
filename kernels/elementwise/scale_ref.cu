// Float64 reference: y = 2.5 x.
extern "C" __global__ void scale_ref(const float* x, double* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = 2.5 * (double)x[i];
}
