// redteam32_hashed_light_lbeta's child (red team 32): the heavy pairs exact; per group of 4 x 512
// values the light values of the first 512 only, scaled by the group's light count over theirs
// (the hash's counts: a ratio estimator; a quarter of the lgammaf; hashed_light.cuh).
#include "hashed_light.cuh"
extern "C" __global__ void __launch_bounds__(256)
    hashed_sum_quarter(const float* x, float* y, int n) {
  hashed_body<4>(x, y, n);
}
