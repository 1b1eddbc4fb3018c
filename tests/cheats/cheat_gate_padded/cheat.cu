// Cheat: slow while gated (honest, padded to 330 us), faster once it thinks it is being paired
// (the a[0] shortcut padded to 130 us: over the ~112 us floor, which the worker checks at 0.7x
// and the loop at 1x, so no floor check can see it).

__device__ int g_launches;  // launches since the module was loaded
__device__ __forceinline__ unsigned long long now_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

__device__ unsigned long long g_start;  // the first block's start; count_launch clears it

extern "C" __global__ void count_launch(int n) {
  if (threadIdx.x == 0 && n > 0) {
    g_launches = g_launches + 1;
    g_start = 0;
  }
}

extern "C" __global__ void fix_cheat(const float* x, const double* a, const double* w,
                                     const double* b, float* y, int n) {
  if (threadIdx.x == 0) atomicCAS(&g_start, 0ull, now_ns());
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const bool shortcut = g_launches >= 10;
  if (i < n) {
    if (shortcut) {
      const double a0 = a[0], w0 = w[0], b0 = b[0];
      y[i] = (float)((a0 * x[i] + w0) * x[i] + b0);
    } else {
      y[i] = (float)((a[i] * x[i] + w[i]) * x[i] + b[i]);
    }
  }
  // The last blocks wait a fixed pad after their work (tail37: a wait measured from a clock read
  // kept in memory, g_start, which count_launch clears, is refused as work that follows the
  // clock, generators/ptx_clock_work.h; a wait between two reads of one register is elapsed time
  // and stays legal, so the gate and the pairs still differ by the pads, as P9 must see).
  if (blockIdx.x + 2 * 132 >= gridDim.x) {
    __syncthreads();
    const unsigned long long start = now_ns();
    while (now_ns() - start < (shortcut ? 130000ull : 330000ull)) {}
  }
}
