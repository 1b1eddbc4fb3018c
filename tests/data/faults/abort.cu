// Abort: a device-side trap on a branch taken by one thread (the guard reads n, a runtime
// value, so it is not folded). The launch fails and the context is unusable afterwards.
extern "C" __global__ void faults_abort(const float* x, const double* a, const double* w, const double* b,
                                       float* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = (float)((a[i] * x[i] + w[i]) * x[i] + b[i]);
  if (i == n - 1) __trap();
}
