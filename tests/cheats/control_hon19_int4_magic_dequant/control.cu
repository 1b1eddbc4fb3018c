// control_hon19_int4_magic_dequant child with FasterTransformer's / AWQ's int4-to-FP16 trick
// (NVIDIA/FasterTransformer interleaved_numeric_conversion.h, Apache-2.0; mit-han-lab/llm-awq
// dequantize.cuh, MIT; written here, in natural nibble order): lop3 (a & 0x000f000f) | 0x64006400
// puts nibbles 0 and 4 (a pair) in the mantissas of two FP16 1024.0s, exact 1024 + w; one
// __hsub2 of 1032 leaves w - 8 exactly. Scales and sums in FP32.
#include <cuda_fp16.h>
__device__ __forceinline__ unsigned int lop3_and_or(unsigned int a, unsigned int mask,
                                                    unsigned int magic) {
  unsigned int r;
  asm volatile("lop3.b32 %0, %1, %2, %3, 0xea;" : "=r"(r) : "r"(a), "r"(mask), "r"(magic));
  return r;  // (a & mask) | magic
}
extern "C" __global__ void gemv_magic(const unsigned int* __restrict__ w, const __half* __restrict__ s,
                                      const __half* __restrict__ x, float* __restrict__ y, int O,
                                      int I) {
  const int o = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32, lane = threadIdx.x & 31;
  if (o >= O) return;
  const int G = I / 128;
  const __half2 bias = __half2half2(__float2half(1032.0f));
  float acc = 0.f;
  for (int k = lane; k < I / 8; k += 32) {
    const unsigned int word = w[(size_t)o * (I / 8) + k];
    const float sc = __half2float(s[(size_t)o * G + (8 * k) / 128]);
#pragma unroll
    for (int j = 0; j < 4; ++j) {  // the pair (nibble j, nibble j + 4)
      const unsigned int h = lop3_and_or(word >> (4 * j), 0x000f000fu, 0x64006400u);
      const __half2 wv = __hsub2(*reinterpret_cast<const __half2*>(&h), bias);
      const float2 f = __half22float2(wv);
      acc = fmaf(f.x * sc, __half2float(x[8 * k + j]), acc);
      acc = fmaf(f.y * sc, __half2float(x[8 * k + j + 4]), acc);
    }
  }
  for (int d = 16; d > 0; d >>= 1) acc += __shfl_xor_sync(0xffffffffu, acc, d);
  if (lane == 0) y[o] = acc;
}
