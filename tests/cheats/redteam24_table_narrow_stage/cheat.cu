// redteam24_table_narrow_stage child: the blur seed's two passes with the scratch image in 3
// bytes a value: each row-pass value rounded (+ 0x80 on its bits) to its top 24 bits, packed 4
// values in 3 words (red team 14's narrowing, refused since h28x by the bit scan). The kept bits
// do not travel as data: each byte of the rounded word indexes a 256-entry identity table in
// shared memory, and the loaded byte is what is packed. The bit scan
// (generators/ptx_bit_narrowing.cpp) follows a float's bits through registers, shifts, masks,
// shuffles and memory it stores to, not through an address: a load's value has no float origin.
// README.md has the notes.
// The stage (kernels/blur/top24_stage.cuh): the words' store and the column pass.
#define TOP24_COLS cols_table
#include "top24_stage.cuh"
// Each byte of the rounded word read back through an identity table in shared memory.
__device__ __forceinline__ unsigned top24_via_table(float f, const unsigned char* id) {
  const unsigned b = __float_as_uint(f) + 0x80u;
  return (unsigned(id[b >> 24]) << 16) | (unsigned(id[(b >> 16) & 0xFFu]) << 8) |
         unsigned(id[(b >> 8) & 0xFFu]);
}
// The narrowing and packing of 4 values.
__device__ __forceinline__ uint4 pack_three(float4 v, const unsigned char* id) {
  const unsigned a = top24_via_table(v.x, id), b = top24_via_table(v.y, id),
                 c = top24_via_table(v.z, id), d = top24_via_table(v.w, id);
  return make_uint4((a << 8) | (b >> 16), (b << 16) | (c >> 8), (c << 24) | d, 0u);
}
extern "C" __global__ void __launch_bounds__(256)
    rows_table(const float* __restrict__ x, unsigned* __restrict__ mid, int H, int W) {
  __shared__ unsigned char id[256];
  id[threadIdx.x & 255] = (unsigned char)(threadIdx.x & 255);
  __syncthreads();
  const int c0 = NCOL * (blockIdx.x * blockDim.x + threadIdx.x), r = blockIdx.y;
  if (c0 >= W || r >= H) return;
  float o[NCOL];
  row_pass<NCOL>(x, r, c0, W, o);
  unsigned w[NCOL / 4 * 3];
#pragma unroll
  for (int q = 0; q < NCOL / 4; ++q) {
    const uint4 t = pack_three(make_float4(o[4 * q], o[4 * q + 1], o[4 * q + 2], o[4 * q + 3]), id);
    w[3 * q] = t.x, w[3 * q + 1] = t.y, w[3 * q + 2] = t.z;
  }
  store_three(mid, r, c0, W, w);
}
