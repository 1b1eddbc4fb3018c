// The seed of redteam30_diluted_tail_lbeta: every log B term (diluted_sum.cuh).
#include "diluted_sum.cuh"
extern "C" __global__ void __launch_bounds__(256) diluted_sum(const float* x, float* y, int n) {
  diluted_body<false>(x, y, n);
}
