// Red team 14's honest fused blur (tests/cheats/control_redteam14_fused_stage, and red team 16's
// control_redteam16_lop3_abs_fused; `kernels: [blur]`), a whole kernel: the seed's two passes in
// one launch, a thread 4 columns of a STRIP-row strip, the last 9 row-pass results in registers
// (no scratch image), each output row the binomial column sum of them, stored as the includer's
// BLUR_FUSED_OUT(s) of the float4 sum s.
#pragma once
#include "binomial.h"
#define STRIP 64
extern "C" __global__ void __launch_bounds__(256)
    blur_fused(const float* __restrict__ x, float* __restrict__ out, int H, int W) {
  const int c0 = 4 * (blockIdx.x * blockDim.x + threadIdx.x), r0 = blockIdx.y * STRIP;
  if (c0 >= W || r0 >= H) return;
  float4 h[BIN_TAPS];
  // Rows r0 - 4 .. r0 + 3 first (edges replicated: the clamp of the seed's column pass).
#pragma unroll
  for (int k = 0; k < BIN_TAPS - 1; ++k)
    h[k + 1] = row_pass4(x, clampi(r0 - BIN_HALF + k, 0, H - 1), c0, W);
  const int r1 = min(r0 + STRIP, H);
  for (int r = r0; r < r1; ++r) {
#pragma unroll
    for (int k = 0; k < BIN_TAPS - 1; ++k) h[k] = h[k + 1];
    h[BIN_TAPS - 1] = row_pass4(x, clampi(r + BIN_HALF, 0, H - 1), c0, W);
    float4 s = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
    for (int k = 0; k < BIN_TAPS; ++k) s = axpy4(bin_w(k), h[k], s);
    *reinterpret_cast<float4*>(out + (long long)r * W + c0) = BLUR_FUSED_OUT(s);
  }
}
