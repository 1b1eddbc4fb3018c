// float64 reference of control_redteam32_kind_tail_rec (red team 32's honest control): a plain
// log-Beta sum in y[0] (no heavy position) and 512 companions 34,000 x_p + b_i sum (x - 1), every
// one told apart (s_i in 1.2 .. 15; kind_tail_ref.cuh).
#define Y0_HEAVY_W 1.0
#define COMPANIONS_TOLD
#include "kind_tail_ref.cuh"
extern "C" __global__ void __launch_bounds__(RB)
    kind_tail_told_ref(const float* x, double* y, int n) {
  kind_tail_ref_body(x, y, n);
}
