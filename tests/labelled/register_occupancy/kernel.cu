// Thread t folds x[t], x[t+T], x[t+2T], ... into acc = acc/2 + x: loads coalesced across the
// warp, but each iteration needs the previous one's acc and the loop is not unrolled, so a warp
// has one 128-byte load in flight at a time. That is fine at 64 warps per SM; this kernel gets
// 8. Before the loop it loads 200 weights that it only uses after the loop (a stand-in for a
// register-cached tile or a large unrolled epilogue). All loads are volatile, which fixes their
// order, and the epilogue needs the loop's result, so the 200 weights are in registers before
// the loop's first load and stay there to its end (ptxas would otherwise sink the loads or
// hoist the epilogue). ptxas gives it 255 registers per thread, so
// 65536 / (128 x 256) = 2 blocks of 128 threads per SM. Registers, not the grid or the memory
// system, cap the warps that could hide the DRAM latency.
#define RMAX 200

__device__ __forceinline__ float load_in_order(const float* p) {
  float v;
  asm volatile("ld.volatile.global.f32 %0, [%1];" : "=f"(v) : "l"(p));
  return v;
}

extern "C" __global__ void __launch_bounds__(128)
    recur_pinned(const float* __restrict__ x, const float* __restrict__ w, float* __restrict__ y,
                 int T, int L, int R) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= T) return;
  float keep[RMAX];
#pragma unroll
  for (int j = 0; j < RMAX; ++j) keep[j] = load_in_order(w + j);
  float acc = 0.0f;
#pragma unroll 1
  for (int k = 0; k < L; ++k) {
    acc = fmaf(acc, 0.5f, load_in_order(x + (size_t)k * T + t));
  }
  float tail = 0.0f;
#pragma unroll
  for (int j = 0; j < RMAX; ++j) tail = fmaf(keep[j], acc, tail);  // needs acc: cannot move up
  y[t] = acc + tail;
}
