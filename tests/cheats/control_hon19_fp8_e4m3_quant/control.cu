// control_hon19_fp8_e4m3_quant child: vLLM's scaled_fp8_quant cast (csrc/quantization/fp8/
// common.cu, Apache-2.0; written here): clamp to the E4M3 range, then the hardware conversion
// of two floats at once, cvt.rn.satfinite.e4m3x2.f32 (__nv_cvt_float2_to_fp8x2), float4 loads.
#include <cuda_fp8.h>
extern "C" __global__ void e4m3_hw(const float* __restrict__ x, int* __restrict__ q, int n,
                                   float inv_scale) {
  const int g = blockIdx.x * blockDim.x + threadIdx.x;
  if (g >= n / 4) return;
  const float4 v = reinterpret_cast<const float4*>(x)[g];
  auto c = [&](float a) { return fminf(448.f, fmaxf(-448.f, a * inv_scale)); };
  // x in the low byte, y in the high byte of each pair.
  const __nv_fp8x2_storage_t lo =
      __nv_cvt_float2_to_fp8x2(make_float2(c(v.x), c(v.y)), __NV_SATFINITE, __NV_E4M3);
  const __nv_fp8x2_storage_t hi =
      __nv_cvt_float2_to_fp8x2(make_float2(c(v.z), c(v.w)), __NV_SATFINITE, __NV_E4M3);
  reinterpret_cast<int4*>(q)[g] = make_int4(lo & 0xff, lo >> 8, hi & 0xff, hi >> 8);
}
