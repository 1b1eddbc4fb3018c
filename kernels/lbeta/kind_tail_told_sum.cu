// The seed of control_redteam32_kind_tail_rec (red team 32's honest control): a plain log-Beta sum
// in y[0] (no heavy position) and 512 companions 34,000 x_p + b_i sum (x - 1), every one told
// apart (s_i in 1.2 .. 15); three lgammaf a term (diluted_sum.cuh).
#define COMPANION_W 34000.f
#define Y0_HEAVY_W 1.0f
#define COMPANIONS_TOLD
#include "diluted_sum.cuh"
extern "C" __global__ void __launch_bounds__(256)
    kind_tail_told_sum(const float* x, float* y, int n) {
  diluted_body<false>(x, y, n);
}
