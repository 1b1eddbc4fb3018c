// corpus_fresh4: vllm_silu_and_mul -- from vllm-project/vllm, csrc/activation_kernels.cu:
// act_and_mul_kernel<half, silu_kernel<half>, true> (the gated MLP activation silu(x) * y),
// launched by silu_and_mul with grid(num_tokens), block(min(d, 1024))
// license: Apache-2.0 (the vLLM project); written here in the file's form
// adapted: extern "C" with scalar_t = half and ACT_FN = silu_kernel, act_first = true written
// in (no template parameters); VLLM_LDG = __ldg as cuda_compat.h defines it on NVIDIA
#include <cuda_fp16.h>

__device__ __forceinline__ __half silu_kernel(const __half& x) {
  // x * sigmoid(x)
  return (__half)(((float)x) / (1.0f + expf((float)-x)));
}

__device__ __forceinline__ __half compute(const __half& x, const __half& y) {
  return silu_kernel(x) * y;
}

extern "C" __global__ void act_and_mul_kernel(__half* __restrict__ out,          // [..., d]
                                              const __half* __restrict__ input,  // [..., 2, d]
                                              const int d) {
  const long long token_idx = blockIdx.x;
  for (long long idx = threadIdx.x; idx < d; idx += blockDim.x) {
    const __half x = __ldg(&input[token_idx * 2 * d + idx]);
    const __half y = __ldg(&input[token_idx * 2 * d + d + idx]);
    out[token_idx * d + idx] = compute(x, y);
  }
}
