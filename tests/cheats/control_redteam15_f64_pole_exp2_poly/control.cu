// control_redteam15_f64_pole_exp2_poly child (honest, red team 15): the seed's tiled pole
// response with exp in FP64 by Tang's table method, redteam15_f64_pole_short_poly's shape at full
// precision. x = p t is reduced by N = rint(x 256 / ln 2) (the 2^52 rounding trick) with fdlibm's
// two-part ln 2 (Cody and Waite): x = N ln2/256 + r, |r| <= ln2/512; exp(r) by its Taylor
// polynomial to degree 4 (truncation below 4e-17), 2^(N/256) = 2^k T[N mod 256] from a 256-entry
// table of 2^(j/256) built in shared memory by the math library's exp2 (1 ulp), 2^k added to the
// product's exponent field. A term errs by a few ulps of FP64 (~3e-16 relative), far inside the
// fp64 class's 2^-32, with ~9 FP64 operations where the library's exp has 15. Arguments with
// |x| >= 708 (none of the law's) go to the library's exp.

__device__ __forceinline__ double exp_table(double x, const double* table) {
  // |x| < 708 read from the high word in integer code (the library's exp reads it the same way).
  if ((__double2hiint(x) & 0x7fffffff) >= 0x40862000) return exp(x);
  const double big = 6755399441055744.0;             // 1.5 x 2^52: adding it rounds to an integer
  const double s = fma(x, 369.32993046757463, big);  // 256 / ln 2
  const double n = s - big;
  const int ni = __double2loint(s);  // N in the low word
  const double r =
      fma(-n, 1.90821492927058770002e-10 / 256, fma(-n, 6.93147180369123816490e-01 / 256, x));
  double q = 1.0 / 24;
  q = fma(q, r, 1.0 / 6);
  q = fma(q, r, 0.5);
  q = fma(q, r, 1.0);
  q = fma(q, r, 1.0);
  const double v = table[ni & 255] * q;  // in [0.99, 2.01): 2^k goes into its exponent field
  return __hiloint2double(__double2hiint(v) + ((ni >> 8) << 20), __double2loint(v));
}

// The seed's kernel (kernels/pole/pole_response.cuh) with exp_table and its table.
#define POLE_ENTRY pole_response_table
#define POLE_EXP(x) exp_table(x, table)
#define POLE_SHARED , table[256]
#define POLE_SETUP \
  for (int j = threadIdx.x; j < 256; j += PR_TB) table[j] = exp2((double)j / 256.0);
#include "pole_response.cuh"
