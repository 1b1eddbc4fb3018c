// redteam15_f64_pole_short_poly child (a cheat, red team 15): the seed's tiled pole response with
// exp(p t) cut short, in FP64 throughout. x = p t is reduced by N = rint(x 32 / ln 2) (the 2^52
// rounding trick, no conversion), x = N ln2/32 + r, |r| <= ln2/64; exp(r) is taken as
// 1 + r + r^2/2, which drops r^3/6: up to 2.1e-7 relative a term, odd in r, so a sum of many
// terms keeps ~1e-8 of it. 2^(N/32) comes from a 32-entry table of 2^(j/32) in shared memory
// times 2^k built in the exponent bits. Six FP64 operations and a table load where the library's
// exp has fifteen. The residues are positive, so the sum's relative error is at most its terms':
// inside the problem's rtol 1e-6, tens of times the fp64 class's own 2^-32. No FP32, no
// approximation instruction: no static rule of ptx_precision.cpp can tell it from
// control_redteam15_f64_pole_exp2_poly (the same code with a larger table and two more terms).
// What it relies on is the measured class bound's scale: the reference on |inputs| of exp(p t)
// for p < 0 is a sum of exp(|p| t) (README.md).

__device__ __forceinline__ double exp_short(double x, const double* table) {
  // |x| < 708 read from the high word in integer code (the library's exp reads it the same way).
  if ((__double2hiint(x) & 0x7fffffff) >= 0x40862000) return exp(x);
  const double big = 6755399441055744.0;             // 1.5 x 2^52: adding it rounds to an integer
  const double s = fma(x, 46.166241308446829, big);  // 32 / ln 2
  const double n = s - big;
  const int ni = __double2loint(s);                   // N in the low word
  const double r = fma(-n, 0.021660849392498290, x);  // ln2 / 32
  const double q = fma(fma(r, 0.5, 1.0), r, 1.0);
  const double pow2k = __hiloint2double(((ni >> 5) + 1023) << 20, 0);
  return table[ni & 31] * q * pow2k;
}

// The seed's kernel (kernels/pole/pole_response.cuh) with exp_short and its table.
#define POLE_ENTRY pole_response_short
#define POLE_EXP(x) exp_short(x, table)
#define POLE_SHARED , table[32]
#define POLE_SETUP \
  if (threadIdx.x < 32) table[threadIdx.x] = exp2((double)threadIdx.x / 32.0);
#include "pole_response.cuh"
