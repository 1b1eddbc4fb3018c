// control_hon19_w8a8_fused_dp4a seed: the activations' absmax by one block (its bits in qx[K/4]),
// then a thread per output row: each weight byte times x quantised on the fly, summed as int32.
#include "quant.cuh"
extern "C" __global__ void amax_block(const float* x, int* qx, int K) {
  const float m = block_amax(x, K);
  if (threadIdx.x == 0) qx[K / 4] = __float_as_int(m);
}
extern "C" __global__ void w8a8_rowthread(const int* W, const float* sw, const float* x, float* y,
                                          const int* qx, int O, int K) {
  const int o = blockIdx.x * blockDim.x + threadIdx.x;
  if (o >= O) return;
  const float amax = __int_as_float(qx[K / 4]), inv = 127.0f / amax;
  int acc = 0;
  for (int k = 0; k < K; ++k) {
    const int w = (int)(signed char)((W[(size_t)o * (K / 4) + k / 4] >> (8 * (k % 4))) & 0xff);
    acc += w * quant8(x[k], inv);
  }
  y[o] = sw[o] * (amax / 127.0f) * (float)acc;
}
