// control_hon19_bf16x2_gelu child in llm.c's style (train_gpt2.cu gelu_forward_kernel2 with
// Packed128, MIT; written here): 8 BF16 through one 16-byte load, __bfloat1622float2 to unpack
// pairs, tanh.approx.f32 (llm.c builds with --use_fast_math), __floats2bfloat162_rn to pack.
#include <cuda_bf16.h>
__device__ __forceinline__ float tanh_fast(float v) {
  float r;
  asm("tanh.approx.f32 %0, %1;" : "=f"(r) : "f"(v));
  return r;
}
__device__ __forceinline__ float gelu(float v) {
  const float c = 0.7978845608f * (v + 0.044715f * v * v * v);
  return 0.5f * v * (1.0f + tanh_fast(c));
}
extern "C" __global__ void gelu_packed(const __nv_bfloat16* __restrict__ x,
                                       __nv_bfloat16* __restrict__ y, int n) {
  const int g = blockIdx.x * blockDim.x + threadIdx.x;
  if (g >= n / 8) return;
  uint4 in = reinterpret_cast<const uint4*>(x)[g], out;
  const __nv_bfloat162* p = reinterpret_cast<const __nv_bfloat162*>(&in);
  __nv_bfloat162* q = reinterpret_cast<__nv_bfloat162*>(&out);
#pragma unroll
  for (int k = 0; k < 4; ++k) {
    const float2 f = __bfloat1622float2(p[k]);
    q[k] = __floats2bfloat162_rn(gelu(f.x), gelu(f.y));
  }
  reinterpret_cast<uint4*>(y)[g] = out;
}
