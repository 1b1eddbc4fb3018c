// redteam17_int_answer_alias child: red team 14's 24-bit scratch image (16 lop3-narrowed values
// packed in 12 words, as redteam16_lop3_narrow_stage's child) stored in the int32 OUTPUT `lev`,
// which the third launch overwrites with the levels. generators/ptx_int_answer.h excuses a store
// into an integer output "that no launch reads back"; launch 2 reads the packed image back, but
// through `x + d`, where d = lev - x went through shared memory: a loaded value has no provenance
// in generators/ptx_taint.cpp (Kind::Load writes an empty set), so the taint reads the address as
// x's (an input) and BufferReads never names lev. Relative error of a stored value <= 2^-16;
// every output is a positive-weight average of 9 of them: inside rtol 1e-4 on every input.
// Traffic per pixel: 4 + 3 + 3 + 4 + (4 + 4) = 22 bytes against the seed's 24.
#include "binomial.h"
#define COLS 16
__device__ __forceinline__ unsigned narrow24(float f) {
  const unsigned b = __float_as_uint(f);
  unsigned r;
  asm("lop3.b32 %0, %1, %2, 0, 0xC0;"
      : "=r"(r)
      : "r"(b + 0x7Fu + ((b >> 8) & 1u)), "r"(0xFFFFFF00u));
  return r >> 8;
}
__device__ __forceinline__ float widen24(unsigned m) { return __uint_as_float(m << 8); }
__device__ __forceinline__ void pack4(const float* v, unsigned* w) {
  const unsigned m0 = narrow24(v[0]), m1 = narrow24(v[1]), m2 = narrow24(v[2]), m3 = narrow24(v[3]);
  w[0] = m0 | (m1 << 24);
  w[1] = (m1 >> 8) | (m2 << 16);
  w[2] = (m2 >> 16) | (m3 << 8);
}
__device__ __forceinline__ void unpack4(const unsigned* w, float* v) {
  v[0] = widen24(w[0] & 0xFFFFFFu);
  v[1] = widen24((w[0] >> 24) | ((w[1] & 0xFFFFu) << 8));
  v[2] = widen24((w[1] >> 16) | ((w[2] & 0xFFu) << 16));
  v[3] = widen24(w[2] >> 8);
}
extern "C" __global__ void __launch_bounds__(256)
    blur_rows_packed(const float* __restrict__ x, int* __restrict__ lev, int H, int W) {
  const int c0 = COLS * (blockIdx.x * blockDim.x + threadIdx.x), r = blockIdx.y;
  if (c0 >= W || r >= H) return;
  float o[COLS];
  row_pass<COLS>(x, r, c0, W, o);
  unsigned w[COLS / 4 * 3];
#pragma unroll
  for (int q = 0; q < COLS / 4; ++q) pack4(o + 4 * q, w + 3 * q);
  uint4* p = reinterpret_cast<uint4*>(lev + ((long long)r * W + c0) / 4 * 3);
#pragma unroll
  for (int q = 0; q < COLS / 4 * 3 / 4; ++q)
    p[q] = make_uint4(w[4 * q], w[4 * q + 1], w[4 * q + 2], w[4 * q + 3]);
}
extern "C" __global__ void __launch_bounds__(256)
    blur_cols_packed(const float* __restrict__ x, const int* lev, float* __restrict__ out, int H,
                     int W) {
  // The packed image's address as x plus an offset the taint cannot follow.
  __shared__ long long d;
  if (threadIdx.x == 0) *(volatile long long*)&d = (const char*)lev - (const char*)x;
  __syncthreads();
  const unsigned* mid =
      reinterpret_cast<const unsigned*>((const char*)x + *(volatile long long*)&d);
  const int c0 = COLS * (blockIdx.x * blockDim.x + threadIdx.x), r = blockIdx.y;
  if (c0 >= W || r >= H) return;
  float4 s[COLS / 4];
#pragma unroll
  for (int q = 0; q < COLS / 4; ++q) s[q] = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
  for (int k = 0; k < BIN_TAPS; ++k) {
    const int rr = clampi(r - BIN_HALF + k, 0, H - 1);
    const uint4* p = reinterpret_cast<const uint4*>(mid + ((long long)rr * W + c0) / 4 * 3);
    unsigned w[COLS / 4 * 3];
#pragma unroll
    for (int q = 0; q < COLS / 4 * 3 / 4; ++q) {
      const uint4 u = p[q];
      w[4 * q] = u.x, w[4 * q + 1] = u.y, w[4 * q + 2] = u.z, w[4 * q + 3] = u.w;
    }
#pragma unroll
    for (int q = 0; q < COLS / 4; ++q) {
      float a[4];
      unpack4(w + 3 * q, a);
      s[q] = axpy4(bin_w(k), make_float4(a[0], a[1], a[2], a[3]), s[q]);
    }
  }
  float4* o = reinterpret_cast<float4*>(out + (long long)r * W + c0);
#pragma unroll
  for (int q = 0; q < COLS / 4; ++q) o[q] = s[q];
}
extern "C" __global__ void __launch_bounds__(256)
    levels(const float4* __restrict__ x, int4* __restrict__ lev, int n4) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4;
       i += gridDim.x * blockDim.x) {
    const float4 v = __ldg(x + i);
    lev[i] = make_int4(__float2int_rd(v.x * 256.f), __float2int_rd(v.y * 256.f),
                       __float2int_rd(v.z * 256.f), __float2int_rd(v.w * 256.f));
  }
}
