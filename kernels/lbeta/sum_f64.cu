// Red team 27's seed of the law-mode log-Beta sum (tests/cheats/redteam27_law_taylor_sum,
// control_redteam27_law_poly_lbeta): log B(x + 4, x + 2) of every element in double (three
// lgamma), summed in double, one partial a block in module memory, the last block to finish
// adds them in block order and stores the float total. Accurate to the float output's own
// rounding, so the problem's tight rtol (6e-7) is a bound on the kernel, not on its rounding.
// Needs gridDim.x <= PARTS; n a multiple of 4.
__device__ __forceinline__ double lbeta_f64_term(float x) {
  const double v = (double)x;
  return lgamma(v + 4.0) + lgamma(v + 2.0) - lgamma(2.0 * v + 6.0);
}
// The kernel: sum_f64.cuh.
#define F64SUM_ENTRY lbeta_sum_f64
#define F64SUM_TERM4(v) \
  (lbeta_f64_term(v.x) + lbeta_f64_term(v.y)) + (lbeta_f64_term(v.z) + lbeta_f64_term(v.w))
#define F64SUM_PART lbeta_f64_part
#define F64SUM_DONE lbeta_f64_done
#include "sum_f64.cuh"
