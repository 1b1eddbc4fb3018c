// redteam32_kind_tail_lbeta's child: the companions exact (weight 34,000), y[0]'s 128 heavy terms
// exact, its light terms of the even 256-value tiles only, doubled (diluted_sum.cuh's HALF).
#define COMPANION_W 34000.f
#include "diluted_sum.cuh"
extern "C" __global__ void __launch_bounds__(256)
    kind_tail_sum_half(const float* x, float* y, int n) {
  diluted_body<true>(x, y, n);
}
