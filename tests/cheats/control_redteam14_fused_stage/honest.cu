// control_redteam14_fused_stage seed (redteam14_int_narrow_stage's, unchanged): a separable 9-tap
// binomial blur in two launches. Launch 1 filters the rows of x into the scratch image `mid`
// (FP32), launch 2 filters the columns of `mid` into `out`. A thread owns 4 consecutive columns
// (float4 stores); needs W % 4 == 0.
#include "binomial.h"
extern "C" __global__ void __launch_bounds__(256)
    blur_rows(const float* __restrict__ x, float* __restrict__ mid, int H, int W) {
  const int c0 = 4 * (blockIdx.x * blockDim.x + threadIdx.x), r = blockIdx.y;
  if (c0 >= W || r >= H) return;
  *reinterpret_cast<float4*>(mid + (long long)r * W + c0) = row_pass4(x, r, c0, W);
}
extern "C" __global__ void __launch_bounds__(256)
    blur_cols(const float* __restrict__ mid, float* __restrict__ out, int H, int W) {
  const int c0 = 4 * (blockIdx.x * blockDim.x + threadIdx.x), r = blockIdx.y;
  if (c0 >= W || r >= H) return;
  float4 s = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
  for (int k = 0; k < BIN_TAPS; ++k) {
    const int rr = clampi(r - BIN_HALF + k, 0, H - 1);
    s = axpy4(bin_w(k), __ldg(reinterpret_cast<const float4*>(mid + (long long)rr * W + c0)), s);
  }
  *reinterpret_cast<float4*>(out + (long long)r * W + c0) = s;
}
