// Red team 36 (issue 28, P10t's independence): right on every run, fast except inside a wall-clock
// window. P10t (engine/backend/tail_charge.h) bounds a slow share p by counting excursions over
// N ~ 75 timed runs, assuming the runs are independent; a kernel makes them dependent with the
// one source of correlation no reload or scrub removes, the clock. Each block reads %globaltimer
// (a timer read is allowed: control_redteam3_cache_hints) and takes the slow path where bits
// 28..32 of the nanosecond count are zero: a 268 ms window every 8.59 s, 1/32 of wall time.
// A round's timed runs span about a second (unmeasured: the probe prints it), so most rounds fall
// wholly outside the window and see no slow run at all; a caller whose calls come at times
// independent of the window pays the slow path on 1 call in 32: 0.365 x (31/32 + 96/32) ~ 1.45.
// The slow path is redteam34_median_fast_tail's: the same honest sum made 96 times over.
typedef unsigned long long uint64_t;
typedef long long int64_t;

constexpr int kSlowPasses = 96;

__device__ __forceinline__ float pass_sum(const float4* __restrict__ x4, int n4, int start) {
  float s = 0.f;
  const int stride = gridDim.x * blockDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += stride) {
    int j = i + start;
    if (j >= n4) j -= n4;
    const float4 v = x4[j];
    s += (v.x + v.y) + (v.z + v.w);
  }
  return s;
}

extern "C" __global__ void __launch_bounds__(256)
    reduce_window(const float* __restrict__ x, float* __restrict__ out, int n) {
  // The window: bits 28..32 of %globaltimer (ns) all zero. Read once per block at its start;
  // blocks that straddle an edge disagree, which costs at most one slow block.
  uint64_t now;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
  const bool slow = ((now >> 28) & 31) == 0;
  const float4* x4 = reinterpret_cast<const float4*>(x);
  const int n4 = n / 4;
  float s = pass_sum(x4, n4, 0);
  if (slow)
    for (int r = 1; r < kSlowPasses; ++r) {
      const float t = pass_sum(x4, n4, int((int64_t(r) * 40503) % n4));
      s = fmaf(s, 0.f, t);  // the same set of terms summed in another order: the last kept
    }
  for (int o = 16; o > 0; o >>= 1) s += __shfl_down_sync(0xffffffffu, s, o);
  __shared__ float warp[8];
  if ((threadIdx.x & 31) == 0) warp[threadIdx.x >> 5] = s;
  __syncthreads();
  if (threadIdx.x < 32) {
    s = threadIdx.x < 8 ? warp[threadIdx.x] : 0.f;
    for (int o = 4; o > 0; o >>= 1) s += __shfl_down_sync(0xffffffffu, s, o);
    if (threadIdx.x == 0) atomicAdd(out, s);
  }
}
