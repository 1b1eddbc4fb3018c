// Hang: waits for x[0] to reach 2, which a uniform [-1, 1) input never does. The load is
// volatile, so it is repeated every iteration and the loop cannot be proven endless and
// removed; the kernel never returns and only the worker's watchdog (timeout_ms) ends it.
extern "C" __global__ void faults_infinite_loop(const float* x, const double* a, const double* w,
                                               const double* b, float* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const volatile float* flag = x;
  while (flag[0] < 2.0f) __nanosleep(1000);
  if (i < n) y[i] = (float)((a[i] * x[i] + w[i]) * x[i] + b[i]);
}
