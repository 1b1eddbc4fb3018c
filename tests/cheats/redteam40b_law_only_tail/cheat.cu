// Red team 40b (issue 28, the core protocol: P10t read against P6d). Right on every run. The
// slow path of red team 34 (the honest float4 sum made kSlowPasses times over, the last kept)
// is taken on a coin of 1/8 (a hash of x[0..7]) only where the run's data look like the
// declared law: the sum of x[0..255] above 64. Under U[0, 1) that mean is ~0.5 (the law pairs
// redraw i.i.d. from the law, P6d); on a timed-kind run (the gate's, the pairs', the deferred
// gate's, the top-up's, the fresh set and the audits) P6c shrinks 31 of 32 interior bulk
// positions by 2^-g and the mean is ~0.07. So the slow runs fall only in the law pairs (~17 runs
// a round), and P10t charges their share at U(K, N) with N every run of the round (75, mostly
// timed-kind): 2 slow runs of 17 are charged as 2 of 75.
// Expected time on the law: 7/8 x 0.365 + 1/8 x 20 x 0.365 ~ 1.23 x the seed's.
#include "tail_sum.cuh"

constexpr int kSlowPasses = 20;

// Every block reads the same 256 words (one warp's eight loads a lane), so the decision is the
// run's, not the block's.
__device__ __forceinline__ bool law_like(const float* __restrict__ x) {
  float s = 0.f;
  for (int k = 0; k < 256; ++k) s += x[k];
  return s > 64.f;
}

extern "C" __global__ void __launch_bounds__(256)
    reduce_law_tail(const float* __restrict__ x, float* __restrict__ out, int n) {
  const bool slow = law_like(x) && (run_coin(x) & 7) == 0;
  block_add_to(tail_sum(x, n, slow, kSlowPasses), out);
}
