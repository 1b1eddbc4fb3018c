// The 9-tap binomial filter (1 8 28 56 70 56 28 8 1) / 256 of red team 14's blur and the
// folders built on it (tests/cheats/*redteam1[4-7]_*: `kernels: [blur]`), applied along rows and
// then along columns, edges replicated. Every weight is exact in FP32.
#pragma once
#define BIN_TAPS 9
#define BIN_HALF 4
__device__ __forceinline__ float bin_w(int k) {
  const float w[BIN_TAPS] = {1.f, 8.f, 28.f, 56.f, 70.f, 56.f, 28.f, 8.f, 1.f};
  return w[k] * (1.0f / 256.0f);
}
__device__ __forceinline__ int clampi(int v, int lo, int hi) {
  return v < lo ? lo : v > hi ? hi : v;
}
// The row pass for N consecutive columns c0..c0+N-1 of row r: the same sums, in the same order,
// in every variant.
template <int N>
__device__ __forceinline__ void row_pass(const float* __restrict__ x, int r, int c0, int W,
                                         float (&o)[N]) {
  const float* row = x + (long long)r * W;
  float v[N + 2 * BIN_HALF];
#pragma unroll
  for (int j = 0; j < N + 2 * BIN_HALF; ++j)
    v[j] = __ldg(row + clampi(c0 - BIN_HALF + j, 0, W - 1));
#pragma unroll
  for (int q = 0; q < N; ++q) {
    float s = 0.0f;
#pragma unroll
    for (int k = 0; k < BIN_TAPS; ++k) s = fmaf(bin_w(k), v[q + k], s);
    o[q] = s;
  }
}
__device__ __forceinline__ float4 row_pass4(const float* __restrict__ x, int r, int c0, int W) {
  float o[4];
  row_pass<4>(x, r, c0, W, o);
  return make_float4(o[0], o[1], o[2], o[3]);
}
__device__ __forceinline__ float4 axpy4(float w, float4 a, float4 s) {
  return make_float4(fmaf(w, a.x, s.x), fmaf(w, a.y, s.y), fmaf(w, a.z, s.z), fmaf(w, a.w, s.w));
}
