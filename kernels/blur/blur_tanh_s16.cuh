// The tanh blur (kernels/blur/blur_tanh_seed16.cu's problem) through a 16-bit scratch image, the
// row sums rounded once to FP16 or BF16 and stored, read back widened to FP32 (helper scr38:
// the honest 16-bit scratch of tests/cheats/control_scr38_half_scratch and
// control_scr38_bf16_scratch, the controls of P4m's measurement at 16-bit width,
// engine/backend/gpu/scratch_resolution.h). Define S16_BF16 before including for BF16, else FP16.
// Two variants of the same arithmetic: one column a thread with 2-byte stores and loads (the
// seed), and eight columns a thread with four packed pairs (__half2 / __nv_bfloat162: one
// conversion of two values, 4-byte stores and loads) (the control). Included once by each
// folder's scratch16.cu (no include guard: scripts/host_emu/p4fix_scratch_resolution.cpp
// includes both folders' sources into one program).
#include "binomial.h"
#if defined(S16_BF16)
#include <cuda_bf16.h>
typedef __nv_bfloat16 s16_t;
typedef __nv_bfloat162 s16x2_t;
__device__ __forceinline__ s16_t to_s16(float v) { return __float2bfloat16_rn(v); }
__device__ __forceinline__ float from_s16(s16_t v) { return __bfloat162float(v); }
__device__ __forceinline__ s16x2_t to_s16x2(float a, float b) { return __floats2bfloat162_rn(a, b); }
__device__ __forceinline__ float2 from_s16x2(s16x2_t v) { return __bfloat1622float2(v); }
#else
#include <cuda_fp16.h>
typedef __half s16_t;
typedef __half2 s16x2_t;
__device__ __forceinline__ s16_t to_s16(float v) { return __float2half_rn(v); }
__device__ __forceinline__ float from_s16(s16_t v) { return __half2float(v); }
__device__ __forceinline__ s16x2_t to_s16x2(float a, float b) { return __floats2half2_rn(a, b); }
__device__ __forceinline__ float2 from_s16x2(s16x2_t v) { return __half22float2(v); }
#endif

extern "C" __global__ void __launch_bounds__(256)
    blur_rows_s16(const float* __restrict__ x, s16_t* __restrict__ mid, int H, int W) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x, r = blockIdx.y;
  if (c >= W || r >= H) return;
  float o[1];
  row_pass<1>(x, r, c, W, o);
  mid[(long long)r * W + c] = to_s16(o[0]);
}
extern "C" __global__ void __launch_bounds__(256)
    blur_cols_s16(const s16_t* __restrict__ mid, float* __restrict__ out, int H, int W) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x, r = blockIdx.y;
  if (c >= W || r >= H) return;
  float s = 0.0f;
#pragma unroll
  for (int k = 0; k < BIN_TAPS; ++k)
    s = fmaf(bin_w(k), from_s16(mid[(long long)clampi(r - BIN_HALF + k, 0, H - 1) * W + c]), s);
  out[(long long)r * W + c] = tanhf(s);
}

#define S16_COLS 8
extern "C" __global__ void __launch_bounds__(256)
    blur_rows_s16x8(const float* __restrict__ x, s16_t* __restrict__ mid, int H, int W) {
  const int c0 = S16_COLS * (blockIdx.x * blockDim.x + threadIdx.x), r = blockIdx.y;
  if (c0 >= W || r >= H) return;
  float o[S16_COLS];
  row_pass<S16_COLS>(x, r, c0, W, o);
  s16x2_t* p = reinterpret_cast<s16x2_t*>(mid + (long long)r * W + c0);
#pragma unroll
  for (int q = 0; q < S16_COLS / 2; ++q) p[q] = to_s16x2(o[2 * q], o[2 * q + 1]);
}
extern "C" __global__ void __launch_bounds__(256)
    blur_cols_s16x8(const s16_t* __restrict__ mid, float* __restrict__ out, int H, int W) {
  const int c0 = S16_COLS * (blockIdx.x * blockDim.x + threadIdx.x), r = blockIdx.y;
  if (c0 >= W || r >= H) return;
  float s[S16_COLS];
#pragma unroll
  for (int q = 0; q < S16_COLS; ++q) s[q] = 0.0f;
#pragma unroll
  for (int k = 0; k < BIN_TAPS; ++k) {
    const int rr = clampi(r - BIN_HALF + k, 0, H - 1);
    const s16x2_t* p = reinterpret_cast<const s16x2_t*>(mid + (long long)rr * W + c0);
#pragma unroll
    for (int q = 0; q < S16_COLS / 2; ++q) {
      const float2 v = from_s16x2(p[q]);
      s[2 * q] = fmaf(bin_w(k), v.x, s[2 * q]);
      s[2 * q + 1] = fmaf(bin_w(k), v.y, s[2 * q + 1]);
    }
  }
  float* o = out + (long long)r * W + c0;
#pragma unroll
  for (int q = 0; q < S16_COLS; ++q) o[q] = tanhf(s[q]);
}
