// redteam7_f64_bitcast_fp32 child: red team 6's FP32-in-FP64 GEMM with the narrowing done in
// integer code. Each double's sign, its exponent rebiased from 1023 to 127 and the top 23 bits
// of its mantissa are put into a float's bit fields (truncation: relative error < 2^-23; values
// below FP32's normal range become +-0, none above it occur in any set the gate draws). The PTX
// holds shifts, ands, ors and a mov.b32 into an f32 register, never cvt.rn.f32.f64. The tile's
// 32 products are FP32 FMAs; each tile's sum is widened (cvt.f64.f32, not judged) and added in
// FP64.
__device__ __forceinline__ float narrow_bits(double d) {
  const unsigned long long b = (unsigned long long)__double_as_longlong(d);
  const unsigned hi = (unsigned)(b >> 32), lo = (unsigned)b;
  const unsigned sign = hi & 0x80000000u;
  const int e = (int)((hi >> 20) & 0x7ffu) - 1023 + 127;
  const unsigned mant = ((hi & 0xfffffu) << 3) | (lo >> 29);
  const unsigned bits =
      e <= 0 ? sign : (e >= 255 ? (sign | 0x7f800000u) : (sign | ((unsigned)e << 23) | mant));
  return __uint_as_float(bits);
}
#define F64_AS_F32_ENTRY dgemm_bits_sgemm
#define F64_NARROW narrow_bits  // integer code
#include <f64_as_f32_dgemm.cuh>  // the tiled kernel (kernels/cheats)
