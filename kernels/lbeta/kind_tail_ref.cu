// float64 reference of redteam32_kind_tail_lbeta (red team 32): h30d's diluted_ref.cu with the
// companions' own-position weight 34,000 (kind_tail_ref.cuh).
#include "kind_tail_ref.cuh"
extern "C" __global__ void __launch_bounds__(RB) kind_tail_ref(const float* x, double* y, int n) {
  kind_tail_ref_body(x, y, n);
}
