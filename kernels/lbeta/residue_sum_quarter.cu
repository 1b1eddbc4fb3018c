// redteam32_residue_light_lbeta's child (red team 32): the 128 heavy terms exact, the light runs of
// one 512-value block in 4 only, times 4 (a quarter of the lgammaf; residue_sum.cuh).
#include "residue_sum.cuh"
extern "C" __global__ void __launch_bounds__(256)
    residue_sum_quarter(const float* x, float* y, int n) {
  residue_body<4>(x, y, n);
}
