// exp(x) in FP64 by Tang's table method with 64 entries, for the red team 38b pole folders
// (tests/cheats/redteam38b_kappa_short_exp, control_redteam38b_kappa_tang_exp; `kernels: [pole]`):
// x = N ln2/64 + r with N = rint(64 x / ln 2) by the 2^52 rounding trick, the reduction in two
// parts (fdlibm's ln 2 split, so r is exact to ~1e-19 for |N| < 2^17), |r| <= ln2/128;
// exp(r) = sum_{k <= EXP_TANG64_DEGREE} r^k / k! (Horner); 2^(N/64) = T[N mod 64] 2^(N div 64),
// T in shared memory (filled by EXP_TANG64_SETUP), 2^k built in the exponent bits. Degree 2 drops
// r^3/6 (2.6e-8 relative, FP32's resolution); degree 5 drops r^6/720 (3.4e-17, FP64's).
// FP64 in every instruction. The includer defines EXP_TANG64_DEGREE (2..6).
#pragma once
#ifndef EXP_TANG64_DEGREE
#error "define EXP_TANG64_DEGREE"
#endif
#define EXP_TANG64_SETUP(tab) \
  if (threadIdx.x < 64) tab[threadIdx.x] = exp2((double)threadIdx.x / 64.0);

__device__ __forceinline__ double exp_tang64(double x, const double* tab) {
  if ((__double2hiint(x) & 0x7fffffff) >= 0x40862000) return exp(x);  // |x| >= 708: the library
  const double shifter = 6755399441055744.0;            // 1.5 x 2^52: adding it rounds to an integer
  const double s = fma(x, 92.332482616893658, shifter);  // 64 / ln 2
  const int k = __double2loint(s);
  const double n = s - shifter;
  const double r = fma(-n, 1.90821492927058770002e-10 / 64, fma(-n, 6.93147180369123816490e-01 / 64, x));
  double q = 1.0;
  double inv = 1.0;
#pragma unroll
  for (int d = 2; d <= EXP_TANG64_DEGREE; ++d) inv /= d;  // 1 / degree!, folded at compile time
  // Horner from the top coefficient 1/D! down to 1: q = 1 + r(1 + r(1/2 + r(1/6 + ...)))
  q = inv;
#pragma unroll
  for (int d = EXP_TANG64_DEGREE; d >= 1; --d) {
    inv *= d;  // 1 / (d - 1)!
    q = fma(q, r, inv);
  }
  return tab[k & 63] * q * __hiloint2double(((k >> 6) + 1023) << 20, 0);
}
