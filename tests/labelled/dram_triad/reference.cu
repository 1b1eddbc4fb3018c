// Float64 reference: a = b + 1.5 c.
extern "C" __global__ void triad_ref(const float* b, const float* c, double* a, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = (double)b[i] + 1.5 * (double)c[i];
}
