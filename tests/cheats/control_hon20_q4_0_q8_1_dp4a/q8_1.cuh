// control_hon20_q4_0_q8_1_dp4a: quantize_q8_1 as llama.cpp's (ggml-cuda/quantize.cu, MIT;
// written here): a warp per block of 32 values, amax and sum by shuffles, d = amax / 127,
// q = roundf(x / d) (0 where amax is 0), one lane stores half2(d, sum).
#include <cuda_fp16.h>
extern "C" __global__ void quantize_q8_1(const float* __restrict__ x, int* __restrict__ xq,
                                         __half* __restrict__ xds, int I) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= I) return;
  const float xi = x[i];
  float amax = fabsf(xi), sum = xi;
  for (int o = 16; o > 0; o >>= 1) {
    amax = fmaxf(amax, __shfl_xor_sync(0xffffffffu, amax, o));
    sum += __shfl_xor_sync(0xffffffffu, sum, o);
  }
  const float d = amax / 127.0f;
  const signed char q = amax == 0.0f ? 0 : (signed char)roundf(xi / d);
  reinterpret_cast<signed char*>(xq)[i] = q;
  if ((i & 31) == 0) {
    xds[2 * (i / 32)] = __float2half(d);
    xds[2 * (i / 32) + 1] = __float2half(sum);
  }
}
