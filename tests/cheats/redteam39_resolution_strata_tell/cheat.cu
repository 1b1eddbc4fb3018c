// Red team 39 (issue 28, P4m after fix38s and fix38b): red team 34's 16-bit packed scratch on the
// runs that carry P6l's position strata (every timed run, its audit, and since fix38b the
// fresh-set check), the seed's FP32 scratch on every run that carries none. The scratch-resolution
// step's three runs are made on a fresh draw *without* strata (scratch_resolution_op.cpp: its
// base is derive_plan(..., SetKind::Fresh, ..., /*strata=*/false), "as before helper fix38b put
// them on the fresh set"), and its moves multiply that draw by 1 + 2^-18 c or 1 + 2^-10 c, which
// leaves the significands' residue pattern as it was: the step measures the FP32 path, every
// timed run takes the packed one. Both paths are within the tolerance on every input of the law
// (red team 34's bound: 2^-16 absolute a stored value, rtol 1e-4 on [0.25, 1)), so no check sees
// the difference; only P4m's measurement could, and it never meets the packed path.
// The test: red team 38b's one-block F test on the significands of the first 8,192 values
// (kernels/cheats/strata_sniff.cuh strata_found, the same statistic), here one block a stride
// (s = 2, 4, ..., 64) with shared-memory atomics, so it costs a few microseconds, not a block's
// serial loop; flag[s / 2 - 1] = 1 where F exceeds 1 + 5 sd.
#include "subnormal_pack3.cuh"  // rn_int, field16, pack3, unpack3 (kernels/blur)
#include "binomial.h"           // row_pass, bin_w, clampi, axpy4 (kernels/blur)
#define COLS 16
#define WORDS 12
#define SAMPLE 8192
#define STRIDES 32
__device__ __forceinline__ float value16(float q) { return (q - 32768.f) * (1.f / 32768.f); }

extern "C" __global__ void __launch_bounds__(256)
    strata_sniff(const float* __restrict__ x, int* __restrict__ flag, int n) {
  __shared__ float sum[64], sq[64], all;
  const int s = 2 * (blockIdx.x + 1);
  for (int r = threadIdx.x; r < 64; r += blockDim.x) sum[r] = sq[r] = 0.f;
  if (threadIdx.x == 0) all = 0.f;
  __syncthreads();
  float mine = 0.f;
  for (int i = threadIdx.x; i < SAMPLE && i < n; i += blockDim.x) {
    const float g = float(__float_as_uint(__ldg(x + i)) & 0x7fffffu) * 0x1p-23f;
    atomicAdd(&sum[i % s], g);
    atomicAdd(&sq[i % s], g * g);
    mine += g;
  }
  atomicAdd(&all, mine);
  __syncthreads();
  if (threadIdx.x == 0) {
    int found = 0;
    if (n >= SAMPLE) {
      const float mean = all / SAMPLE;
      float between = 0.f, within = 0.f;
      for (int r = 0; r < s; ++r) {
        const float c = float((SAMPLE - r + s - 1) / s), m = sum[r] / c;
        between += c * (m - mean) * (m - mean);
        within += sq[r] - c * m * m;
      }
      const float f = (between / (s - 1)) / (within / (SAMPLE - s) + 1e-30f);
      found = f > 1.0f + 5.0f * sqrtf(2.0f / (s - 1));
    }
    flag[blockIdx.x] = found;
  }
}

__device__ __forceinline__ bool stratified(const int* __restrict__ flag) {
  int any = 0;
#pragma unroll
  for (int b = 0; b < STRIDES; ++b) any |= __ldg(flag + b);
  return any != 0;
}

extern "C" __global__ void __launch_bounds__(256)
    blur_rows_routed(const float* __restrict__ x, float* __restrict__ mid,
                     const int* __restrict__ flag, int H, int W) {
  const int c0 = COLS * (blockIdx.x * blockDim.x + threadIdx.x), r = blockIdx.y;
  if (c0 >= W || r >= H) return;
  float o[COLS];
  row_pass<COLS>(x, r, c0, W, o);
  if (!stratified(flag)) {  // the seed's FP32 row sums
    float4* p = reinterpret_cast<float4*>(mid + (long long)r * W + c0);
#pragma unroll
    for (int q = 0; q < COLS / 4; ++q)
      p[q] = make_float4(o[4 * q], o[4 * q + 1], o[4 * q + 2], o[4 * q + 3]);
    return;
  }
  float w[WORDS];  // red team 34's stage: 16 values in 12 words
#pragma unroll
  for (int t = 0; t < 5; ++t)
    pack3(field16(o[3 * t]), field16(o[3 * t + 1]), field16(o[3 * t + 2]), w[2 * t], w[2 * t + 1]);
  w[10] = field16(o[15]);
  w[11] = 0.f;
  float4* p = reinterpret_cast<float4*>(mid + ((long long)r * W + c0) / COLS * WORDS);
#pragma unroll
  for (int q = 0; q < WORDS / 4; ++q)
    p[q] = make_float4(w[4 * q], w[4 * q + 1], w[4 * q + 2], w[4 * q + 3]);
}

extern "C" __global__ void __launch_bounds__(256)
    blur_cols_routed(const float* __restrict__ mid, float* __restrict__ out,
                     const int* __restrict__ flag, int H, int W) {
  const int c0 = COLS * (blockIdx.x * blockDim.x + threadIdx.x), r = blockIdx.y;
  if (c0 >= W || r >= H) return;
  const bool packed = stratified(flag);
  float s[COLS];
#pragma unroll
  for (int q = 0; q < COLS; ++q) s[q] = 0.f;
#pragma unroll
  for (int k = 0; k < BIN_TAPS; ++k) {
    const int rr = clampi(r - BIN_HALF + k, 0, H - 1);
    float v[COLS];
    if (packed) {
      const float4* p =
          reinterpret_cast<const float4*>(mid + ((long long)rr * W + c0) / COLS * WORDS);
      float w[WORDS];
#pragma unroll
      for (int q = 0; q < WORDS / 4; ++q) {
        const float4 u = __ldg(p + q);
        w[4 * q] = u.x, w[4 * q + 1] = u.y, w[4 * q + 2] = u.z, w[4 * q + 3] = u.w;
      }
#pragma unroll
      for (int t = 0; t < 5; ++t)
        unpack3(w[2 * t], w[2 * t + 1], v[3 * t], v[3 * t + 1], v[3 * t + 2]);
      v[15] = w[10];
#pragma unroll
      for (int q = 0; q < COLS; ++q) v[q] = value16(v[q]);
    } else {
      const float4* p = reinterpret_cast<const float4*>(mid + (long long)rr * W + c0);
#pragma unroll
      for (int q = 0; q < COLS / 4; ++q) {
        const float4 u = __ldg(p + q);
        v[4 * q] = u.x, v[4 * q + 1] = u.y, v[4 * q + 2] = u.z, v[4 * q + 3] = u.w;
      }
    }
#pragma unroll
    for (int q = 0; q < COLS; ++q) s[q] = fmaf(bin_w(k), v[q], s[q]);
  }
  float4* o = reinterpret_cast<float4*>(out + (long long)r * W + c0);
#pragma unroll
  for (int q = 0; q < COLS / 4; ++q)
    o[q] = make_float4(tanhf(s[4 * q]), tanhf(s[4 * q + 1]), tanhf(s[4 * q + 2]),
                       tanhf(s[4 * q + 3]));
}
