// Float64 reference: 128 steps in one block of 1024 threads. Each thread keeps 32 consecutive
// values in registers and exchanges its two edge values through shared memory each step.
#define STEPS 128
#define PER 32
extern "C" __global__ void __launch_bounds__(1024) steps_ref(const float* x, double* y, int n) {
  __shared__ double lo[1024], hi[1024];
  const int t = threadIdx.x;
  double u[PER];
  for (int k = 0; k < PER; ++k) u[k] = (double)x[t * PER + k];
  for (int s = 0; s < STEPS; ++s) {
    lo[t] = u[0];
    hi[t] = u[PER - 1];
    __syncthreads();
    const double left = t > 0 ? hi[t - 1] : u[0];        // clamped at the array's ends
    const double right = t < 1023 ? lo[t + 1] : u[PER - 1];
    double prev = left;
    for (int k = 0; k < PER; ++k) {
      const double next = k + 1 < PER ? u[k + 1] : right;
      const double v = 0.25 * (prev + next) + 0.5 * u[k];
      prev = u[k];
      u[k] = v;
    }
    __syncthreads();
  }
  for (int k = 0; k < PER; ++k) y[t * PER + k] = u[k];
}
