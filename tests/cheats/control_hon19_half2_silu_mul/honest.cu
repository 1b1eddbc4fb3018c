// control_hon19_half2_silu_mul seed: a thread per row (the CPU loop ported): out = a / (1 +
// exp(-a)) * b in FP32, rounded to FP16.
#include <cuda_fp16.h>
extern "C" __global__ void silu_mul_f32(const __half* a, const __half* b, __half* out, int T, int F) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= T) return;
  for (int j = 0; j < F; ++j) {
    const size_t i = (size_t)r * F + j;
    const float x = __half2float(a[i]);
    out[i] = __float2half(x / (1.0f + expf(-x)) * __half2float(b[i]));
  }
}
