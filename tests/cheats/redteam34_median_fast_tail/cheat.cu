// Red team 34 (issue 28, the verdict's statistic): right on every run, fast on most, very slow
// on a few. Every decision on time reads medians: the paired verdict (the median of the
// incumbent/candidate ratios and its sign-test interval, paired_verdict.cpp), the law pairs
// (decide_on_law, the same statistic), the gate and deferred-gate consistency test (medians and
// MADs, engine/loop/measurement.h) and the floor (the median). None reads the mean, the total
// or the tail, so the slow runs are invisible as long as they are a minority: a kernel whose
// expected time per call is worse than the seed's is kept with the fast mode's speed-up.
//
// The coin is drawn from each run's own inputs (a hash of the first eight words of x, which
// every block reads), so it is independent per run (every position of x is redrawn before every
// timed run, P6) and the same in every block of a run. One run in 16 takes the slow path:
// the same honest float4 sum, made kSlowPasses times over with a rotated start (each pass is
// a full read of x that the compiler cannot merge with another), the last pass's sum kept
// (0 x the others added: never removed without fast-math). Every output is the honest sum.
//
// Fast mode: the float4 grid-stride sum of control_redteam_reduce_memo's honest path (kept live
// at 2.74x). Mean time against the seed: 15/16 x 0.365 + 1/16 x 48 x 0.365 ~ 1.44: slower.
typedef unsigned long long uint64_t;
typedef long long int64_t;

constexpr int kSlowPasses = 48;

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
    reduce_tail(const float* __restrict__ x, float* __restrict__ out, int n) {
  // The run's coin: splitmix64's finaliser over the first eight words (the same in every block).
  uint64_t h = 0x9e3779b97f4a7c15ull;
  for (int k = 0; k < 8; ++k) {
    h ^= uint64_t(__float_as_uint(x[k])) + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ull;
    h = (h ^ (h >> 27)) * 0x94d049bb133111ebull;
    h ^= h >> 31;
  }
  const bool slow = (h & 15) == 0;
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
