// control_redteam32_kind_tail_rec's child (red team 32, an honest control): its seed
// (kind_tail_told_sum.cu) with every log B term in the recurrence form lbeta_rec (two lgammaf and a
// logf for three lgammaf; FP32 throughout; diluted_sum.cuh). Every term evaluated.
#define COMPANION_W 34000.f
#define Y0_HEAVY_W 1.0f
#define COMPANIONS_TOLD
#define DILUTED_REC
#include "diluted_sum.cuh"
extern "C" __global__ void __launch_bounds__(256)
    kind_tail_rec(const float* x, float* y, int n) {
  diluted_body<false>(x, y, n);
}
