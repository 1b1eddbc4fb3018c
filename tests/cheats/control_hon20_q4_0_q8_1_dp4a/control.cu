// control_hon20_q4_0_q8_1_dp4a child: llama.cpp's mul_mat_vec_q for q4_0 x q8_1
// (ggml-cuda/mmvq.cu and vecdotq.cuh vec_dot_q4_0_q8_1_impl, MIT; written here): a warp per
// row, a lane per block of 32; the block's 4 weight words v give vi0 = v & 0x0F0F0F0F (elements
// 4w..4w+3) and vi1 = (v >> 4) & 0x0F0F0F0F (elements 16+4w..), each dp4a'd with its q8 word;
// the nibbles' -8 comes back through the q8_1 block sum: d4 (sumi d8 - 8 s).
#include "q8_1.cuh"
extern "C" __global__ void mmvq_q4_0_q8_1(const unsigned int* __restrict__ qs,
                                          const __half* __restrict__ d4, const int* __restrict__ xq,
                                          const __half* __restrict__ xds, float* __restrict__ y,
                                          int O, int I) {
  const int o = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32, lane = threadIdx.x & 31;
  if (o >= O) return;
  const uint4* wrow = reinterpret_cast<const uint4*>(qs + (size_t)o * (I / 8));
  const int4* u = reinterpret_cast<const int4*>(xq);
  const __half2* ds = reinterpret_cast<const __half2*>(xds);
  float acc = 0.f;
  for (int b = lane; b < I / 32; b += 32) {
    const uint4 v = wrow[b];
    const int4 u0 = u[2 * b], u1 = u[2 * b + 1];  // q8 words 0..3 and 4..7 of the block
    int sumi = 0;
    sumi = __dp4a((int)(v.x & 0x0F0F0F0Fu), u0.x, sumi);
    sumi = __dp4a((int)((v.x >> 4) & 0x0F0F0F0Fu), u1.x, sumi);
    sumi = __dp4a((int)(v.y & 0x0F0F0F0Fu), u0.y, sumi);
    sumi = __dp4a((int)((v.y >> 4) & 0x0F0F0F0Fu), u1.y, sumi);
    sumi = __dp4a((int)(v.z & 0x0F0F0F0Fu), u0.z, sumi);
    sumi = __dp4a((int)((v.z >> 4) & 0x0F0F0F0Fu), u1.z, sumi);
    sumi = __dp4a((int)(v.w & 0x0F0F0F0Fu), u0.w, sumi);
    sumi = __dp4a((int)((v.w >> 4) & 0x0F0F0F0Fu), u1.w, sumi);
    const float2 ds8 = __half22float2(ds[b]);
    acc += __half2float(d4[(size_t)o * (I / 32) + b]) * (sumi * ds8.x - 8.0f * ds8.y);
  }
  for (int d = 16; d > 0; d >>= 1) acc += __shfl_xor_sync(0xffffffffu, acc, d);
  if (lane == 0) y[o] = acc;
}
