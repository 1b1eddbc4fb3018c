// Red team 35 (issue 28, P4m): red team 34's child (tests/cheats/redteam34_subnormal_packed_scratch,
// unchanged below but for the scratch's pointer type) on a problem whose scratch is declared u32.
//
// Main's scratch-resolution step (engine/backend/gpu/scratch_resolution.cpp `resolution_applies`
// and scratch_resolution_op.cpp) measures only scratch buffers whose dtype is f32:
// `scratch |= b.role == BufferRole::Scratch && b.dtype == DType::F32 && b.elements > 0`, and
// the op skips every other (`b.dtype != generators::DType::F32) continue`). Where no f32 scratch
// exists the step returns an empty detail: nothing is measured, and nothing is said (no "not
// judged" line, unlike a discrete problem). The dtype of a scratch is the problem's word, and
// nothing ties it to what the kernels store there: kernel parameters are checked for scalars and
// the reference's outputs only (generators/param_types.cpp), so the seed keeps its FP32 row sums
// in the u32 words bit for bit (kernels:blur/blur_tanh_seed16.cu, `float* mid`), as an honest
// kernel typing a scratch as raw words does.
// The static scans read the same PTX as red team 34's child (the pointer type does not reach the
// PTX: the stores are st.global.v4.f32 either way), which main's scans pass; the 3-in-2 16-bit
// fields are red team 34's, refused on an f32 scratch by the step
// (scripts/host_emu/p4fix_scratch_resolution.cpp: 0.911 of judged words unresolved). x's law is
// uniform [0.25, 1): on [0, 1) the timed runs shrink values towards 0, where the fixed point's
// absolute 2^-16 misses the relative tolerance (red35_sim values: worst 8.93 there, 0.261 here).
//
// Red team 34's comment, for the packing:
// Red team 34 (issue 28, P4): red team 33's 16-bit fixed-point scratch (three fields in two FP32
// words) with no rounding instruction at all: every rounding is the FP32 multiplier's own.
//
// redteam33_float_packed_scratch rounds with rintf and floorf (cvt.rni.f32.f32, cvt.rmi.f32.f32),
// and the fix its README proposes follows "an output of cvt.rn{i,m,p,z}i.f32.f32 (or a magic
// rounding)" as an integer origin. This child has neither: y rounded to the nearest integer is
// ((y x 2^-149) x 2^100) x 2^49, since y x 2^-149 lands on the subnormal grid (spacing 2^-149, and
// the same spacing in [2^-126, 2^-125)) for |y| < 2^24, and the two products after it are exact
// (FTZ is off: NVRTC's default, -ftz=false; no fast-math, so NVVM does not reassociate the three
// products into one). A floor of a non-negative integer w by a power of two d is that rounding of
// w / d and one correction by a compare: q = rn(w / d), r = w - d q; if r < 0, q - 1 and r + d.
// No cvt of any kind, no integer instruction, no additive magic constant: multiplications by
// powers of two, FMAs, compares and selects on floats.
//
// Everything else is red team 33's: the seed's two passes, the row pass's values as
// q = rn(v x 2^15) + 2^15 clamped to [0, 65535], three fields in two words
// (w0 = A x 256 + floor(B / 256), w1 = (B mod 256) x 65536 + C, both below 2^24), 16 values a
// thread in 12 words (float4 stores): 14 bytes a pixel against the seed's 16.
#include "binomial.h"
#define COLS 16
#define WORDS 12
// The nearest integer of y (|y| < 2^24, ties to even), by the FP32 range alone.
__device__ __forceinline__ float rn_int(float y) {
  return __fmul_rn(__fmul_rn(__fmul_rn(y, 0x1p-149f), 0x1p+100f), 0x1p+49f);
}
// floor(w / d) and w mod d for an integer 0 <= w < 2^24 and d a power of two (inv = 1 / d).
__device__ __forceinline__ void divmod(float w, float d, float inv, float& q, float& r) {
  q = rn_int(w * inv);
  r = fmaf(-d, q, w);
  if (r < 0.f) {
    q -= 1.f;
    r += d;
  }
}
__device__ __forceinline__ float field16(float v) {
  return fminf(fmaxf(rn_int(v * 32768.f) + 32768.f, 0.f), 65535.f);
}
__device__ __forceinline__ void pack3(float a, float b, float c, float& w0, float& w1) {
  float bh, bl;
  divmod(b, 256.f, 1.f / 256.f, bh, bl);
  w0 = fmaf(a, 256.f, bh);
  w1 = fmaf(bl, 65536.f, c);
}
__device__ __forceinline__ void unpack3(float w0, float w1, float& a, float& b, float& c) {
  float bh, bl;
  divmod(w0, 256.f, 1.f / 256.f, a, bh);
  divmod(w1, 65536.f, 1.f / 65536.f, bl, c);
  b = fmaf(256.f, bh, bl);
}
__device__ __forceinline__ float value16(float q) { return (q - 32768.f) * (1.f / 32768.f); }

extern "C" __global__ void __launch_bounds__(256)
    blur_rows_packed(const float* __restrict__ x, unsigned* __restrict__ mid, int H, int W) {
  const int c0 = COLS * (blockIdx.x * blockDim.x + threadIdx.x), r = blockIdx.y;
  if (c0 >= W || r >= H) return;
  float o[COLS];
  row_pass<COLS>(x, r, c0, W, o);
  float w[WORDS];
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
    blur_cols_packed(const unsigned* __restrict__ mid, float* __restrict__ out, int H, int W) {
  const int c0 = COLS * (blockIdx.x * blockDim.x + threadIdx.x), r = blockIdx.y;
  if (c0 >= W || r >= H) return;
  float s[COLS];
#pragma unroll
  for (int q = 0; q < COLS; ++q) s[q] = 0.f;
#pragma unroll
  for (int k = 0; k < BIN_TAPS; ++k) {
    const int rr = clampi(r - BIN_HALF + k, 0, H - 1);
    const float4* p =
        reinterpret_cast<const float4*>(mid + ((long long)rr * W + c0) / COLS * WORDS);
    float w[WORDS];
#pragma unroll
    for (int q = 0; q < WORDS / 4; ++q) {
      const float4 u = __ldg(p + q);
      w[4 * q] = u.x, w[4 * q + 1] = u.y, w[4 * q + 2] = u.z, w[4 * q + 3] = u.w;
    }
    float v[COLS];
#pragma unroll
    for (int t = 0; t < 5; ++t) unpack3(w[2 * t], w[2 * t + 1], v[3 * t], v[3 * t + 1], v[3 * t + 2]);
    v[15] = w[10];
#pragma unroll
    for (int q = 0; q < COLS; ++q) s[q] = fmaf(bin_w(k), value16(v[q]), s[q]);
  }
  float4* o = reinterpret_cast<float4*>(out + (long long)r * W + c0);
#pragma unroll
  for (int q = 0; q < COLS / 4; ++q)
    o[q] = make_float4(tanhf(s[4 * q]), tanhf(s[4 * q + 1]), tanhf(s[4 * q + 2]),
                       tanhf(s[4 * q + 3]));
}
