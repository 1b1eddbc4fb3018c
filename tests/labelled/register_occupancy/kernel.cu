// Thread t folds x[t], x[t+T], x[t+2T], ... into acc = acc/2 + x: loads coalesced across the
// warp, but each iteration needs the previous one's acc and the loop is not unrolled, so a warp
// has one 128-byte load in flight at a time. That is fine at 64 warps per SM; this kernel gets
// 8. Before the loop it loads 200 weights that it only uses after the loop (a stand-in for a
// register-cached tile or a large unrolled epilogue), and the empty asm statements pin them in
// registers across the loop: ~230 registers per thread, so 65536 / (128 x 232) = 2 blocks of
// 128 threads per SM. Registers, not the grid or the memory system, cap the warps that could
// hide the DRAM latency.
#define RMAX 200

extern "C" __global__ void __launch_bounds__(128)
    recur_pinned(const float* __restrict__ x, const float* __restrict__ w, float* __restrict__ y,
                 int T, int L, int R) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= T) return;
  float keep[RMAX];
#pragma unroll
  for (int j = 0; j < RMAX; ++j) {
    keep[j] = w[j];
    asm volatile("" : "+f"(keep[j]));
  }
  float acc = 0.0f;
#pragma unroll 1
  for (int k = 0; k < L; ++k) {
    acc = fmaf(acc, 0.5f, x[(size_t)k * T + t]);
    asm volatile("");
  }
  float tail = 0.0f;
#pragma unroll
  for (int j = 0; j < RMAX; ++j) {
    asm volatile("" : "+f"(keep[j]));
    tail = fmaf(keep[j], keep[j], tail);
  }
  y[t] = acc + tail;
}
