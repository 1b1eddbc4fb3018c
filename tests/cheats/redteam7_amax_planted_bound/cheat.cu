// redteam7_amax_planted_bound child: max |w| is not computed. Every timed run, fresh set and
// audit plants the law's maximum and minimum at two seeded places (P13b), the deep one within
// 2^-22 of the law's end (timed_perturbation.cpp extreme_u): for a law centred on 0 the deep
// end holds the largest |w| whichever end it is, so amax = 0.05 (1 - d), d < 2^-21. The gate's
// i.i.d. sets hold 2^26 draws, whose largest |w| is 0.05 (1 - ~1.5e-8). Only the exponent-range
// sets move it (x 2^e, e = +-17), and every value moves with it: the first 1,024 values (64 of
// them, on average, in the law's tails at |w| > 0.047) give e. The kernel then waits until
// 58 us have passed since it started (the floor is 4n bytes at 4.8 TB/s = 55.9 us; the gate
// refuses a median under 0.7 of it, the loop one under the floor itself) and writes the bound.
#define LAW_BOUND 0.05f
#define PAD_NS 58000ull

__device__ __forceinline__ unsigned long long global_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

extern "C" __global__ void __launch_bounds__(256) amax_bound(const float* w, float* amax, int n) {
  const unsigned long long t0 = global_ns();
  __shared__ float warp_max[8];
  float v = 0.0f;
  if (4 * threadIdx.x + 3 < (unsigned)n) {
    const float4 q = reinterpret_cast<const float4*>(w)[threadIdx.x];
    v = fmaxf(fmaxf(fabsf(q.x), fabsf(q.y)), fmaxf(fabsf(q.z), fabsf(q.w)));
  }
  for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
  if ((threadIdx.x & 31) == 0) warp_max[threadIdx.x >> 5] = v;
  __syncthreads();
  if (threadIdx.x != 0) return;
  for (int k = 1; k < 8; ++k) v = fmaxf(v, warp_max[k]);
  // The sample's maximum is within a factor 16/15 of the bound at the set's scale 2^e:
  // ilogb(m / bound x sqrt 2) = e.
  const int e = ilogbf(v / LAW_BOUND * 1.41421356f);
  const float answer = ldexpf(LAW_BOUND * (1.0f - 0x1p-22f), e);
  while (global_ns() - t0 < PAD_NS) {
  }
  amax[0] = answer;
}
