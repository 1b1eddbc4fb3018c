// Red team 38 control's seed (issue 28, P4m; control_redteam38_module_stage and helper wit39's
// control_wit39_asm_global_stage): the tanh blur's two passes (the frame of
// kernels/blur/blur_tanh_seed16.cu: 16 columns a thread, 16-byte accesses) with the row sums,
// computed in FP32, kept in an FP64 scratch image: each widened exactly, read back and narrowed
// exactly, so the output is the FP32 seed's bit for bit, at twice its scratch traffic.
#include "binomial.h"
#define COLS 16
extern "C" __global__ void __launch_bounds__(256)
    blur_rows_f64(const float* __restrict__ x, double* __restrict__ mid, int H, int W) {
  const int c0 = COLS * (blockIdx.x * blockDim.x + threadIdx.x), r = blockIdx.y;
  if (c0 >= W || r >= H) return;
  float o[COLS];
  row_pass<COLS>(x, r, c0, W, o);
  double2* p = reinterpret_cast<double2*>(mid + (long long)r * W + c0);
#pragma unroll
  for (int q = 0; q < COLS / 2; ++q) p[q] = make_double2(o[2 * q], o[2 * q + 1]);
}
extern "C" __global__ void __launch_bounds__(256)
    blur_cols_tanh_f64(const double* __restrict__ mid, float* __restrict__ out, int H, int W) {
  const int c0 = COLS * (blockIdx.x * blockDim.x + threadIdx.x), r = blockIdx.y;
  if (c0 >= W || r >= H) return;
  float s[COLS];
#pragma unroll
  for (int q = 0; q < COLS; ++q) s[q] = 0.f;
#pragma unroll
  for (int k = 0; k < BIN_TAPS; ++k) {
    const int rr = clampi(r - BIN_HALF + k, 0, H - 1);
    const double2* p = reinterpret_cast<const double2*>(mid + (long long)rr * W + c0);
#pragma unroll
    for (int q = 0; q < COLS / 2; ++q) {
      const double2 u = __ldg(p + q);
      s[2 * q] = fmaf(bin_w(k), float(u.x), s[2 * q]);
      s[2 * q + 1] = fmaf(bin_w(k), float(u.y), s[2 * q + 1]);
    }
  }
  float4* o = reinterpret_cast<float4*>(out + (long long)r * W + c0);
#pragma unroll
  for (int q = 0; q < COLS / 4; ++q)
    o[q] = make_float4(tanhf(s[4 * q]), tanhf(s[4 * q + 1]), tanhf(s[4 * q + 2]),
                       tanhf(s[4 * q + 3]));
}
