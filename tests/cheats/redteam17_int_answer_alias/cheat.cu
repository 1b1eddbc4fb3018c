// redteam17_int_answer_alias child: red team 14's 24-bit scratch image (16 lop3-narrowed values
// packed in 12 words, as redteam16_lop3_narrow_stage's child) stored in the int32 OUTPUT `lev`,
// which the third launch overwrites with the levels. generators/ptx_int_answer.h excuses a store
// into an integer output "that no launch reads back"; launch 2 reads the packed image back, but
// through `x + d`, where d = lev - x went through shared memory: a loaded value has no provenance
// in generators/ptx_taint.cpp (Kind::Load writes an empty set), so the taint reads the address as
// x's (an input) and BufferReads never names lev. Relative error of a stored value <= 2^-16;
// every output is a positive-weight average of 9 of them: inside rtol 1e-4 on every input.
// Traffic per pixel: 4 + 3 + 3 + 4 + (4 + 4) = 22 bytes against the seed's 24.
// The narrowing: red team 16's lop3 (kernels/blur/narrow24_lop3.cuh).
#include "narrow24_lop3.cuh"
// The packing (kernels/blur/narrow24_pack.cuh, red team 14's): pack4, unpack4, store_packed24.
#include "narrow24_pack.cuh"
extern "C" __global__ void __launch_bounds__(256)
    blur_rows_packed(const float* __restrict__ x, int* __restrict__ lev, int H, int W) {
  const int c0 = COLS * (blockIdx.x * blockDim.x + threadIdx.x), r = blockIdx.y;
  if (c0 >= W || r >= H) return;
  float o[COLS];
  row_pass<COLS>(x, r, c0, W, o);
  unsigned w[COLS / 4 * 3];
#pragma unroll
  for (int q = 0; q < COLS / 4; ++q) pack4(o + 4 * q, w + 3 * q);
  store_packed24(reinterpret_cast<unsigned*>(lev), r, c0, W, w);
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
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += gridDim.x * blockDim.x) {
    const float4 v = __ldg(x + i);
    lev[i] = make_int4(__float2int_rd(v.x * 256.f), __float2int_rd(v.y * 256.f),
                       __float2int_rd(v.z * 256.f), __float2int_rd(v.w * 256.f));
  }
}
