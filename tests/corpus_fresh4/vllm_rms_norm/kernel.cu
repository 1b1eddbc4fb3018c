// corpus_fresh4: vllm_rms_norm -- from vllm-project/vllm, csrc/layernorm_kernels.cu:
// rms_norm_kernel (scalar_t = half), launched by rms_norm() with grid(num_tokens),
// block(min(hidden_size, 1024)) license: Apache-2.0 (the vLLM project); written here in the file's
// form adapted: extern "C" and scalar_t fixed to half; cub::BlockReduce<float, 1024>(...).Reduce
// (cub's default WARP_REDUCTIONS algorithm) written out as warp shuffles, then warp 0 over the
// warps' partials, with the result in thread 0 as cub gives it
#include <cuda_fp16.h>

__device__ float block_reduce_sum_1024(float v, float* warp_part) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (lane == 0) warp_part[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < (int)(blockDim.x / 32) ? warp_part[lane] : 0.0f;
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
  }
  return v;  // valid in thread 0
}

extern "C" __global__ void rms_norm_kernel(__half* __restrict__ out,          // [..., hidden_size]
                                           const __half* __restrict__ input,  // [..., hidden_size]
                                           const long long input_stride,
                                           const __half* __restrict__ weight,  // [hidden_size]
                                           const float epsilon, const int num_tokens,
                                           const int hidden_size) {
  __shared__ float s_variance;
  __shared__ float reduceStore[32];
  float variance = 0.0f;

  for (int idx = threadIdx.x; idx < hidden_size; idx += blockDim.x) {
    const float x = (float)input[blockIdx.x * input_stride + idx];
    variance += x * x;
  }

  variance = block_reduce_sum_1024(variance, reduceStore);

  if (threadIdx.x == 0) {
    s_variance = rsqrtf(variance / hidden_size + epsilon);
  }
  __syncthreads();

  for (int idx = threadIdx.x; idx < hidden_size; idx += blockDim.x) {
    float x = (float)input[blockIdx.x * input_stride + idx];
    out[blockIdx.x * hidden_size + idx] = ((__half)(x * s_variance)) * weight[idx];
  }
}
