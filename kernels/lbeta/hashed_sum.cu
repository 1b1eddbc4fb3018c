// The seed of redteam32_hashed_light_lbeta (red team 32): every light value's log B and the 8 heavy
// pairs (hashed_light.cuh).
#include "hashed_light.cuh"
extern "C" __global__ void __launch_bounds__(256) hashed_sum(const float* x, float* y, int n) {
  hashed_body<1>(x, y, n);
}
