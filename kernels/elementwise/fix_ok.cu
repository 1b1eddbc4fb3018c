// The honest seed: one element per thread, every coefficient read.
extern "C" __global__ void fix_ok(const float* x, const double* a, const double* w, const double* b,
                                  float* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = (float)((a[i] * x[i] + w[i]) * x[i] + b[i]);
}
