// control_hon19_fp8_e4m3_quant seed: a thread per chunk of 256 consecutive values (the CPU loop
// split into chunks): clamp x * inv_scale to +-448, encode with c10's integer E4M3 rounding
// (e4m3_soft.cuh).
#include "e4m3_soft.cuh"
extern "C" __global__ void e4m3_soft(const float* x, int* q, int n, float inv_scale) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = c * 256; i < n && i < (c + 1) * 256; ++i) {
    const float v = fminf(448.f, fmaxf(-448.f, x[i] * inv_scale));
    q[i] = e4m3_from_f32(v);
  }
}
