// control_hon20_half2_hfma2_gemv seed: a thread per row, FP16 widened to FP32, FP32 FMAs.
#include <cuda_fp16.h>
extern "C" __global__ void gemv_f32acc(const __half* W, const __half* x, float* y, int O, int I) {
  const int o = blockIdx.x * blockDim.x + threadIdx.x;
  if (o >= O) return;
  float acc = 0.f;
  for (int i = 0; i < I; ++i) acc = fmaf(__half2float(W[(size_t)o * I + i]), __half2float(x[i]), acc);
  y[o] = acc;
}
