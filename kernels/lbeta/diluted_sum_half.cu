// redteam30_diluted_tail_lbeta's child: the companions exact, y[0]'s 128 heavy terms exact, its
// light terms of the even 256-value tiles only, doubled (half the lgammaf; diluted_sum.cuh).
#include "diluted_sum.cuh"
extern "C" __global__ void __launch_bounds__(256)
    diluted_sum_half(const float* x, float* y, int n) {
  diluted_body<true>(x, y, n);
}
