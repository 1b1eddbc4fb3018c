// redteam24_callee_narrow_stage child: the blur seed's two passes with the scratch image in 3
// bytes a value: each row-pass value rounded to its top 24 bits in integer code and packed 4
// values in 3 words (red team 14's narrowing, refused since h28x by the bit scan), done in a
// __noinline__ device function. NVRTC emits it as a PTX .func; the bit scan
// (generators/ptx_bit_narrowing.cpp) walks .entry bodies only (generators/ptx_entries.cpp), and
// in the entry the packed words come back from `ld.param` of the call's retval0 with no float
// origin. README.md has the notes.
// The stage (kernels/blur/top24_stage.cuh): top24, the words' store and the column pass.
#define TOP24_COLS cols_callee
#include "top24_stage.cuh"
// The narrowing and packing of 4 values, out of line: a .func, not an .entry.
__device__ __noinline__ uint4 pack_three(float4 v) {
  const unsigned a = top24(v.x), b = top24(v.y), c = top24(v.z), d = top24(v.w);
  return make_uint4((a << 8) | (b >> 16), (b << 16) | (c >> 8), (c << 24) | d, 0u);
}
extern "C" __global__ void __launch_bounds__(256)
    rows_callee(const float* __restrict__ x, unsigned* __restrict__ mid, int H, int W) {
  const int c0 = NCOL * (blockIdx.x * blockDim.x + threadIdx.x), r = blockIdx.y;
  if (c0 >= W || r >= H) return;
  float o[NCOL];
  row_pass<NCOL>(x, r, c0, W, o);
  unsigned w[NCOL / 4 * 3];
#pragma unroll
  for (int q = 0; q < NCOL / 4; ++q) {
    const uint4 t = pack_three(make_float4(o[4 * q], o[4 * q + 1], o[4 * q + 2], o[4 * q + 3]));
    w[3 * q] = t.x, w[3 * q + 1] = t.y, w[3 * q + 2] = t.z;
  }
  store_three(mid, r, c0, W, w);
}
