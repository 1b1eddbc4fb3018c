// redteam32_semi_heavy_lbeta's child (red team 32): the 128 weighted terms exact, the plain sum
// from the even 256-value tiles only, doubled (half the lgammaf; semi_sum.cuh).
#include "semi_sum.cuh"
extern "C" __global__ void __launch_bounds__(256) semi_sum_half(const float* x, float* y, int n) {
  semi_body<true>(x, y, n);
}
