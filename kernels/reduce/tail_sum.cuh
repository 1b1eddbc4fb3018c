// Red teams 34 and 36's reduce frame (tests/cheats/redteam34_median_fast_tail,
// redteam36_forgiven_stall, redteam36_clock_window_tail; the block's ending also
// control_redteam36_clock_rotate): an honest float4 grid-stride sum, right on every run, that on
// a run the includer calls slow is made `passes` times over with rotated starts (each pass a full
// read of x that the compiler cannot merge with another), the last pass's sum kept (0 x the
// others added: never removed without fast-math). What makes a run slow is each cheat's own
// (a coin from the run's inputs, the clock). One atomic a block.
#pragma once
typedef unsigned long long uint64_t;
typedef long long int64_t;

// One pass over x4[0, n4) from `start`, wrapping round: this thread's share of the sum.
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

// The run's coin: splitmix64's finaliser over the first eight words of x (the same in every
// block; independent per run where every position of x is redrawn before it, P6).
__device__ __forceinline__ uint64_t run_coin(const float* __restrict__ x) {
  uint64_t h = 0x9e3779b97f4a7c15ull;
  for (int k = 0; k < 8; ++k) {
    h ^= uint64_t(__float_as_uint(x[k])) + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ull;
    h = (h ^ (h >> 27)) * 0x94d049bb133111ebull;
    h ^= h >> 31;
  }
  return h;
}

// This thread's share of the sum of x[0, n), made `passes` times over where `slow`.
__device__ __forceinline__ float tail_sum(const float* __restrict__ x, int n, bool slow,
                                          int passes) {
  const float4* x4 = reinterpret_cast<const float4*>(x);
  const int n4 = n / 4;
  float s = pass_sum(x4, n4, 0);
  if (slow)
    for (int r = 1; r < passes; ++r) {
      const float t = pass_sum(x4, n4, int((int64_t(r) * 40503) % n4));
      s = fmaf(s, 0.f, t);  // the same set of terms summed in another order: the last kept
    }
  return s;
}

// The block's ending: the threads' shares summed by shuffles (8 warps), one atomicAdd to out.
__device__ __forceinline__ void block_add_to(float s, float* __restrict__ out) {
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
