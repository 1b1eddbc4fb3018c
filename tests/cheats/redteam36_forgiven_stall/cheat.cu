// Red team 36 (issue 28, P10t's forgiveness): right on every run, fast on most, and on a rare
// run (one in 48, a coin from the run's own inputs, as redteam34_median_fast_tail) 150 times
// slower. P10t (engine/backend/tail_charge.cpp arm_tail) forgives each arm's largest excursion
// whatever its size, and charges nothing where one excursion was seen: with ~75-100 timed runs a
// round, a tail of share 1/48 is seen at most once in about half the rounds, and then forgiven,
// though that one run alone makes the round's observed total dearer than the seed's.
// Mean time against the seed: 0.365 x (47/48 + 150/48) ~ 1.50: slower in expectation.
// The frame (pass_sum, run_coin, tail_sum, block_add_to): kernels/reduce/tail_sum.cuh.
#include "tail_sum.cuh"

constexpr int kSlowPasses = 150;

extern "C" __global__ void __launch_bounds__(256)
    reduce_stall(const float* __restrict__ x, float* __restrict__ out, int n) {
  const bool slow = run_coin(x) % 48 == 0;
  block_add_to(tail_sum(x, n, slow, kSlowPasses), out);
}
