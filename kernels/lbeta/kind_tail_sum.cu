// The seed of redteam32_kind_tail_lbeta (red team 32): redteam30_diluted_tail_lbeta's seed with
// the companions' own-position weight 34,000 (diluted_sum.cuh), every log B term.
#define COMPANION_W 34000.f
#include "diluted_sum.cuh"
extern "C" __global__ void __launch_bounds__(256) kind_tail_sum(const float* x, float* y, int n) {
  diluted_body<false>(x, y, n);
}
