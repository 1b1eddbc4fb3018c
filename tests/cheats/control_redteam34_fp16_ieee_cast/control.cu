// control_redteam34_fp16_ieee_cast child: tanh in FP32, then FP32 -> FP16 by
// fp16_ieee_from_fp32_value, the conversion of Marat Dukhan's FP16 library
// (https://github.com/Maratyszcza/FP16, include/fp16/fp16.h, MIT licence, Copyright (c) 2017
// Facebook Inc., 2017 Georgia Institute of Technology, 2019 Google LLC), which PyTorch carries as
// c10::detail::fp16_ieee_from_fp32_value (c10/util/Half.h) and XNNPACK uses. Rewritten here for
// CUDA from the library's published algorithm (its structure and constants; fp32 bits through
// __float_as_uint / __uint_as_float instead of the library's unions). It rounds with the FP32
// unit itself: |f| x 2^112 x 2^-110 puts the value where the float addition of a power-of-two
// bias rounds it to FP16's 10 mantissa bits (round to nearest even, subnormals included), then
// takes the bits. Four elements a thread (one float4 load, one 8-byte store), a grid that covers
// the array once.
//
// Why it is here (red team 34): redteam34_subnormal_packed_scratch rounds by products with
// extreme powers of two (into FP32's subnormal range); a fix that refused such products, or
// any float rounded by the FP32 range and then taken apart in integer code, would refuse this
// honest, widely shipped conversion. Its output is the problem's answer in the problem's own
// format (an f16 buffer, declared fp16), which the precision scans excuse.
#include <cuda_fp16.h>

__device__ __forceinline__ unsigned short fp16_ieee_from_fp32_value(float f) {
  const float scale_to_inf = 0x1.0p+112f;
  const float scale_to_zero = 0x1.0p-110f;
  float base = (fabsf(f) * scale_to_inf) * scale_to_zero;
  const unsigned int w = __float_as_uint(f);
  const unsigned int shl1_w = w + w;
  const unsigned int sign = w & 0x80000000u;
  unsigned int bias = shl1_w & 0xFF000000u;
  if (bias < 0x71000000u) bias = 0x71000000u;
  base = __uint_as_float((bias >> 1) + 0x07800000u) + base;
  const unsigned int bits = __float_as_uint(base);
  const unsigned int exp_bits = (bits >> 13) & 0x00007C00u;
  const unsigned int mantissa_bits = bits & 0x00000FFFu;
  const unsigned int nonsign = exp_bits + mantissa_bits;
  return (unsigned short)((sign >> 16) | (shl1_w > 0xFF000000u ? 0x7E00u : nonsign));
}

extern "C" __global__ void __launch_bounds__(256)
    tanh_cast_ieee(const float* __restrict__ x, __half* __restrict__ y, long long n) {
  const long long i = 4 * ((long long)blockIdx.x * blockDim.x + threadIdx.x);
  if (i + 3 < n) {
    const float4 v = *reinterpret_cast<const float4*>(x + i);
    const unsigned int lo = fp16_ieee_from_fp32_value(tanhf(v.x)) |
                            (unsigned int)fp16_ieee_from_fp32_value(tanhf(v.y)) << 16;
    const unsigned int hi = fp16_ieee_from_fp32_value(tanhf(v.z)) |
                            (unsigned int)fp16_ieee_from_fp32_value(tanhf(v.w)) << 16;
    *reinterpret_cast<uint2*>(y + i) = make_uint2(lo, hi);
  } else {
    for (long long k = i; k < n; ++k)
      y[k] = __ushort_as_half(fp16_ieee_from_fp32_value(tanhf(x[k])));
  }
}
