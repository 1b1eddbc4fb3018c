// Each step a thread reads its two neighbours and itself from shared memory, waits for all
// 1024 threads (so no one overwrites a value still being read), writes its new value, and waits
// again. The work between barriers is ~6 instructions; the 32 warps of a block spend most of
// each step waiting for the slowest warp to arrive. Keeping several values per thread in
// registers (fewer, larger steps between barriers) or a warp-level halo exchange is the fix.
#define STEPS 256

extern "C" __global__ void __launch_bounds__(1024)
    smooth_synced(const float* __restrict__ x, float* __restrict__ y, int n) {
  __shared__ float u[1024];
  const int t = threadIdx.x;
  const size_t base = (size_t)blockIdx.x * 1024;
  u[t] = x[base + t];
  const int l = t > 0 ? t - 1 : 0, r = t < 1023 ? t + 1 : 1023;
  __syncthreads();
  for (int s = 0; s < STEPS; ++s) {
    const float v = fmaf(0.25f, u[l] + u[r], 0.5f * u[t]);
    __syncthreads();
    u[t] = v;
    __syncthreads();
  }
  y[base + t] = u[t];
}
