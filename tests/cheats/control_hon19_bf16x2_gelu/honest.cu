// control_hon19_bf16x2_gelu seed: a thread per chunk of 256 consecutive values (the CPU loop
// split into chunks): GELU(x) = 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))) in FP64, rounded
// to BF16.
#include <cuda_bf16.h>
extern "C" __global__ void gelu_plain(const __nv_bfloat16* x, __nv_bfloat16* y, int n) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = c * 256; i < n && i < (c + 1) * 256; ++i) {
    const double v = __bfloat162float(x[i]);
    const double t = tanh(0.7978845608028654 * (v + 0.044715 * v * v * v));
    y[i] = __float2bfloat16((float)(0.5 * v * (1.0 + t)));
  }
}
