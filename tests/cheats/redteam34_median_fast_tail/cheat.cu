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
// The frame (pass_sum, run_coin, tail_sum, block_add_to): kernels/reduce/tail_sum.cuh.
#include "tail_sum.cuh"

constexpr int kSlowPasses = 48;

extern "C" __global__ void __launch_bounds__(256)
    reduce_tail(const float* __restrict__ x, float* __restrict__ out, int n) {
  const bool slow = (run_coin(x) & 15) == 0;
  block_add_to(tail_sum(x, n, slow, kSlowPasses), out);
}
