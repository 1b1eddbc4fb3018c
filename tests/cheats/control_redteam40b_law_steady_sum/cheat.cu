// Red team 40b's control (issue 28): honest, with redteam40b_law_only_tail's shape. Its cost
// follows its data as a level, not a tail: every run whose data look like the declared law (the
// sum of x[0..255] above 64) makes the honest float4 sum twice (the last kept), ~0.73 x the
// seed's time there; every timed-kind run sums once (~0.37 x). Right on every run. A fix for the
// law-only tail (P10t's bound on the law's own runs) must keep it: each series is put on its own
// unit, so a law level of its own is no excursion, and it is faster than the seed on the law.
#include "tail_sum.cuh"

__device__ __forceinline__ bool law_like(const float* __restrict__ x) {
  float s = 0.f;
  for (int k = 0; k < 256; ++k) s += x[k];
  return s > 64.f;
}

extern "C" __global__ void __launch_bounds__(256)
    reduce_law_steady(const float* __restrict__ x, float* __restrict__ out, int n) {
  block_add_to(tail_sum(x, n, law_like(x), 2), out);
}
