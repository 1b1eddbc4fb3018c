// Does not compile: `bias` is never declared (a variant that lost its helper in a rewrite).
extern "C" __global__ void faults_compile_error(const float* x, const double* a, const double* w,
                                               const double* b, float* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = (float)((a[i] * x[i] + w[i]) * x[i] + bias[i]);
}
