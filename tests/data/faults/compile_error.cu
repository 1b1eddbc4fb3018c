// Does not compile: `bias` is never declared (a variant that lost its helper in a rewrite).
extern "C" __global__ void faults_compile_error(const float* x, const double* w,
                                               const double* b, float* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = (float)((double)x[i] * w[i] + bias[i]);
}
