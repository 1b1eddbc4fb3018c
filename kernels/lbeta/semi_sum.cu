// The seed of redteam32_semi_heavy_lbeta (red team 32): every log B term and the 128 weighted ones
// (semi_sum.cuh).
#include "semi_sum.cuh"
extern "C" __global__ void __launch_bounds__(256) semi_sum(const float* x, float* y, int n) {
  semi_body<false>(x, y, n);
}
