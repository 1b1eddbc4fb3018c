// Host models of the fp64 red-team kernels (red teams 13 and 15) for class_scale_sim: each
// problem's reference as its folder's reference kernel computes it (a plain loop in order, FMAs
// where nvcc contracts them) and the seed, cheat and control in the same FP64 or FP32
// operations, with the C library's exp, pow and sqrt for CUDA's (an ulp or so apart).
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

namespace solver::class_scale {

// One output row from the inputs (by buffer index, as doubles) and the row's index.
using Inputs = std::vector<std::vector<double>>;
using RowFn = std::function<double(const Inputs&, int64_t)>;

// The 2^52 rounding trick of the pole kernels: N = rint(x c) and its low word.
inline double round_trick(double x, double c, int& ni) {
  const double big = 6755399441055744.0;
  const double s = std::fma(x, c, big);
  uint64_t bits;
  std::memcpy(&bits, &s, 8);
  ni = int(uint32_t(bits));
  return s - big;
}

inline double with_exponent_added(double v, int k) {
  uint64_t bits;
  std::memcpy(&bits, &v, 8);
  bits += uint64_t(int64_t(k)) << 52;
  std::memcpy(&v, &bits, 8);
  return v;
}

// redteam15_f64_pole_short_poly's cheat.cu exp_short: a 32-entry table, 1 + r + r^2/2.
inline double exp_short(double x) {
  int ni = 0;
  const double n = round_trick(x, 46.166241308446829, ni);
  const double r = std::fma(-n, 0.021660849392498290, x);
  const double q = std::fma(std::fma(r, 0.5, 1.0), r, 1.0);
  return std::exp2(double(ni & 31) / 32.0) * q * std::ldexp(1.0, ni >> 5);
}

// control_redteam15_f64_pole_exp2_poly's control.cu exp_table: 256 entries, degree 4.
inline double exp_table(double x) {
  int ni = 0;
  const double n = round_trick(x, 369.32993046757463, ni);
  const double r = std::fma(-n, 1.90821492927058770002e-10 / 256,
                            std::fma(-n, 6.93147180369123816490e-01 / 256, x));
  double q = 1.0 / 24;
  for (double c : {1.0 / 6, 0.5, 1.0, 1.0}) q = std::fma(q, r, c);
  return with_exponent_added(std::exp2(double(ni & 255) / 256.0) * q, ni >> 8);
}

// rsqrt.approx.ftz.f64, modelled: 1/sqrt with its mantissa cut to 20 bits (a one-sided error
// of up to 2^-20 = 9.5e-7, red team 13's measured largest 9.0e-7; its mean 4.8e-7 is ~3x the
// measured 1.7e-7 of the sums, so the cheat's ratios here are ~3x the live ones).
inline double rsqrt_approx(double d2) {
  double y = 1.0 / std::sqrt(d2);
  uint64_t bits;
  std::memcpy(&bits, &y, 8);
  bits &= ~((uint64_t(1) << 32) - 1);
  std::memcpy(&y, &bits, 8);
  return y;
}

// The Riesz cheat's power: ex2.approx.f32(-(1/6) lg2.approx.f32(float(d2))), widened.
inline double pow_sfu(double d2) {
  const float l = std::log2(float(d2));
  return double(std::exp2(float(-(1.0f / 6.0f) * l)));
}

// kernels/pole/exp_tang64.cuh, op for op.
inline double exp_tang64(double x, const double* tab, int degree) {
  if (std::fabs(x) >= 708) return std::exp(x);
  const double shifter = 6755399441055744.0;
  const double s = std::fma(x, 92.332482616893658, shifter);
  int64_t bits;
  std::memcpy(&bits, &s, 8);
  const int k = int(int32_t(uint32_t(uint64_t(bits))));
  const double n = s - shifter;
  const double r = std::fma(-n, 1.90821492927058770002e-10 / 64,
                            std::fma(-n, 6.93147180369123816490e-01 / 64, x));
  double inv = 1.0;
  for (int d = 2; d <= degree; ++d) inv /= d;
  double q = inv;
  for (int d = degree; d >= 1; --d) {
    inv *= d;
    q = std::fma(q, r, inv);
  }
  const uint64_t pow_bits = uint64_t(int64_t((k >> 6) + 1023)) << 52;
  double pow2k;
  std::memcpy(&pow2k, &pow_bits, 8);
  return tab[k & 63] * q * pow2k;
}

// A sum of `m` terms over j, in order (the references), or in `lanes` interleaved partial sums
// added at the end (an honest reordering, as an unrolled or tiled kernel sums).
inline double row_sum(int64_t m, int lanes,
                      const std::function<double(int64_t, double)>& fma_term) {
  double acc[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  for (int64_t j = 0; j < m; ++j) acc[j % lanes] = fma_term(j, acc[j % lanes]);
  double s = 0;
  for (int l = 0; l < lanes; ++l) s += acc[l];
  return s;
}

}  // namespace solver::class_scale
