// control_redteam17_fused_levels: the column pass of both variants. A thread owns 4 columns
// (one float4) of a STRIP-row strip and walks down it keeping the 9 scratch rows of the current
// output row in registers, so each scratch row is read once per strip (plus 8 halo rows per 32):
// coalesced 16-byte loads, ~4 bytes of scratch a pixel. Each output is the binomial column sum
// of those 9 rows in tap order from 0, the seed's sums (blur_seed16.cu's blur_cols) exactly.
// LEVELS: the pass also writes the 8-bit level floor(256 x) of each pixel it outputs, reading x
// (the seed's layout: the levels where the output pixels are written).
#pragma once
#include "binomial.h"
#define STRIP 32
template <bool LEVELS>
__device__ __forceinline__ void cols_strip(const float* __restrict__ mid, float* __restrict__ out,
                                           const float* __restrict__ x, int* __restrict__ lev,
                                           int H, int W) {
  const int c0 = 4 * (blockIdx.x * blockDim.x + threadIdx.x), r0 = blockIdx.y * STRIP;
  if (c0 >= W || r0 >= H) return;
  float4 m[BIN_TAPS];
  // Rows r0 - 4 .. r0 + 3 first (edges replicated, as the seed's clamp).
#pragma unroll
  for (int k = 0; k < BIN_TAPS - 1; ++k)
    m[k + 1] = __ldg(reinterpret_cast<const float4*>(
        mid + (long long)clampi(r0 - BIN_HALF + k, 0, H - 1) * W + c0));
  const int r1 = min(r0 + STRIP, H);
  // Unrolled by 4 so a warp has several rows' loads in flight (DRAM-bound, not latency-bound).
#pragma unroll 4
  for (int r = r0; r < r1; ++r) {
#pragma unroll
    for (int k = 0; k < BIN_TAPS - 1; ++k) m[k] = m[k + 1];
    m[BIN_TAPS - 1] = __ldg(
        reinterpret_cast<const float4*>(mid + (long long)clampi(r + BIN_HALF, 0, H - 1) * W + c0));
    float4 s = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
    for (int k = 0; k < BIN_TAPS; ++k) s = axpy4(bin_w(k), m[k], s);
    const long long i = (long long)r * W + c0;
    *reinterpret_cast<float4*>(out + i) = s;
    if (LEVELS) {
      const float4 v = __ldg(reinterpret_cast<const float4*>(x + i));
      *reinterpret_cast<int4*>(lev + i) =
          make_int4(__float2int_rd(v.x * 256.f), __float2int_rd(v.y * 256.f),
                    __float2int_rd(v.z * 256.f), __float2int_rd(v.w * 256.f));
    }
  }
}
