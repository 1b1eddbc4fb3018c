// redteam14_int_narrow_stage child: the seed's two passes, but the scratch image is stored in 3
// bytes a value instead of 4. Launch 1 rounds each row-pass value to its top 24 bits (sign, 8
// exponent bits, 15 of the 23 mantissa bits: round to nearest even on the low 8 bits, in integer
// code) and packs 4 values into 3 words; launch 2 unpacks them (a shift: exact) and filters the
// columns in FP32. Relative error of a stored value <= 2^-16 (half its 16-bit significand's ulp);
// every output is a positive-weight average of 9 of them, so |error| <= 2^-16 x the average of
// |mid|: inside rtol 1e-4 on every input, whatever its scale or sign (no range assumption).
// A lower precision than the declared fp32, made without a cvt, an MMA or any half-format
// instruction: the PTX scan (generators/ptx_precision.cpp) reads only typed instructions.
// Traffic per pixel: 4 + 3 + 3 + 4 = 14 bytes against the seed's 16.
#include "binomial.h"
__device__ __forceinline__ unsigned narrow24(float f) {
  const unsigned b = __float_as_uint(f);
  return (b + 0x7Fu + ((b >> 8) & 1u)) >> 8;  // round to nearest even on the 8 dropped bits
}
__device__ __forceinline__ float widen24(unsigned m) { return __uint_as_float(m << 8); }
extern "C" __global__ void __launch_bounds__(256)
    blur_rows_packed(const float* __restrict__ x, unsigned* __restrict__ mid, int H, int W) {
  const int c0 = 4 * (blockIdx.x * blockDim.x + threadIdx.x), r = blockIdx.y;
  if (c0 >= W || r >= H) return;
  const float4 v = row_pass4(x, r, c0, W);
  const unsigned m0 = narrow24(v.x), m1 = narrow24(v.y), m2 = narrow24(v.z), m3 = narrow24(v.w);
  unsigned* p = mid + ((long long)r * W + c0) / 4 * 3;
  p[0] = m0 | (m1 << 24);
  p[1] = (m1 >> 8) | (m2 << 16);
  p[2] = (m2 >> 16) | (m3 << 8);
}
extern "C" __global__ void __launch_bounds__(256)
    blur_cols_packed(const unsigned* __restrict__ mid, float* __restrict__ out, int H, int W) {
  const int c0 = 4 * (blockIdx.x * blockDim.x + threadIdx.x), r = blockIdx.y;
  if (c0 >= W || r >= H) return;
  float4 s = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
  for (int k = 0; k < BIN_TAPS; ++k) {
    const int rr = clampi(r - BIN_HALF + k, 0, H - 1);
    const unsigned* p = mid + ((long long)rr * W + c0) / 4 * 3;
    const unsigned w0 = __ldg(p), w1 = __ldg(p + 1), w2 = __ldg(p + 2);
    const float4 a =
        make_float4(widen24(w0 & 0xFFFFFFu), widen24((w0 >> 24) | ((w1 & 0xFFFFu) << 8)),
                    widen24((w1 >> 16) | ((w2 & 0xFFu) << 16)), widen24(w2 >> 8));
    s = axpy4(bin_w(k), a, s);
  }
  *reinterpret_cast<float4*>(out + (long long)r * W + c0) = s;
}
