// Red team 36 (issue 28, P10t's forgiveness): right on every run, fast on most, and on a rare
// run (one in 48, a coin from the run's own inputs, as redteam34_median_fast_tail) 150 times
// slower. P10t (engine/backend/tail_charge.cpp arm_tail) forgives each arm's largest excursion
// whatever its size, and charges nothing where one excursion was seen: with ~75-100 timed runs a
// round, a tail of share 1/48 is seen at most once in about half the rounds, and then forgiven,
// though that one run alone makes the round's observed total dearer than the seed's.
// Mean time against the seed: 0.365 x (47/48 + 150/48) ~ 1.50: slower in expectation.
typedef unsigned long long uint64_t;
typedef long long int64_t;

constexpr int kSlowPasses = 150;

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
    reduce_stall(const float* __restrict__ x, float* __restrict__ out, int n) {
  // The run's coin: splitmix64's finaliser over the first eight words (the same in every block).
  uint64_t h = 0x9e3779b97f4a7c15ull;
  for (int k = 0; k < 8; ++k) {
    h ^= uint64_t(__float_as_uint(x[k])) + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ull;
    h = (h ^ (h >> 27)) * 0x94d049bb133111ebull;
    h ^= h >> 31;
  }
  const bool slow = h % 48 == 0;
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
