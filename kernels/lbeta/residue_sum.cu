// The seed of redteam32_residue_light_lbeta (red team 32): every light term and the 128 heavy ones
// (residue_sum.cuh).
#include "residue_sum.cuh"
extern "C" __global__ void __launch_bounds__(256) residue_sum(const float* x, float* y, int n) {
  residue_body<1>(x, y, n);
}
