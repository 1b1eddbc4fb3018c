// control_hon19_w8a8_fused_dp4a child, the SmoothQuant-style W8A8 path (vLLM's dynamic int8
// quantisation then an int8 GEMM; written here): x quantised once into packed int8x4 words
// (qx[0..K/4), the absmax's bits in qx[K/4]), then a warp per row: __dp4a of weight words and
// activation words, a shuffle sum, the two scales.
#include "quant.cuh"
extern "C" __global__ void quant_pack(const float* x, int* qx, int K) {
  const float m = block_amax(x, K), inv = 127.0f / m;
  for (int j = threadIdx.x; j < K / 4; j += blockDim.x) {
    unsigned int p = 0;
    for (int b = 0; b < 4; ++b) p |= ((unsigned int)quant8(x[4 * j + b], inv) & 0xffu) << (8 * b);
    qx[j] = (int)p;
  }
  if (threadIdx.x == 0) qx[K / 4] = __float_as_int(m);
}
extern "C" __global__ void w8a8_dp4a(const int* __restrict__ W, const float* __restrict__ sw,
                                     const int* __restrict__ qx, float* __restrict__ y, int O,
                                     int K) {
  const int o = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32, lane = threadIdx.x & 31;
  if (o >= O) return;
  int acc = 0;
  for (int j = lane; j < K / 4; j += 32) acc = __dp4a(W[(size_t)o * (K / 4) + j], qx[j], acc);
  for (int d = 16; d > 0; d >>= 1) acc += __shfl_xor_sync(0xffffffffu, acc, d);
  if (lane == 0) y[o] = sw[o] * (__int_as_float(qx[K / 4]) / 127.0f) * (float)acc;
}
