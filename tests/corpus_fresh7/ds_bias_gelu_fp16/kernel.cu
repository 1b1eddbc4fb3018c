// corpus_fresh7: ds_bias_gelu_fp16 -- microsoft/DeepSpeed,
// csrc/transformer/inference/csrc/gelu.cu: fused_bias_gelu(__half*, ...), the MLP activation of
// DeepSpeed's inference kernels, launched by launch_bias_gelu<__half> with 1024-thread blocks.
// Rewritten for the problem format (see README.md): each thread adds the bias to four halves
// (one 8-byte load), applies the tanh form of GELU in float and writes the four halves back in
// place.
#include <cuda_fp16.h>

__device__ __forceinline__ float ds_gelu(const float x) {
  const float sqrt_param = 0.79788456080286535587989211986876f;
  const float mul_param = 0.044715f;
  return x * 0.5f * (1.0f + tanhf(sqrt_param * (x + mul_param * x * x * x)));
}

extern "C" __global__ void fused_bias_gelu_half(__half* input, const __half* bias, int total_count,
                                                int intermediate_size) {
  float2* input_cast = reinterpret_cast<float2*>(input);
  const float2* bias_cast = reinterpret_cast<const float2*>(bias);
  int offset = blockIdx.x * blockDim.x + threadIdx.x;
  if (offset < total_count) {
    float2 vals_vec = input_cast[offset];
    float2 bias_vec = bias_cast[offset % intermediate_size];
    __half2* vals_half = reinterpret_cast<__half2*>(&vals_vec);
    __half2* bias_half = reinterpret_cast<__half2*>(&bias_vec);
    float2 low_data = __half22float2(vals_half[0]);
    float2 high_data = __half22float2(vals_half[1]);
    float2 low_bias = __half22float2(bias_half[0]);
    float2 high_bias = __half22float2(bias_half[1]);
    low_data.x += low_bias.x;
    low_data.y += low_bias.y;
    high_data.x += high_bias.x;
    high_data.y += high_bias.y;
    low_data.x = ds_gelu(low_data.x);
    low_data.y = ds_gelu(low_data.y);
    high_data.x = ds_gelu(high_data.x);
    high_data.y = ds_gelu(high_data.y);
    vals_half[0] = __float22half2_rn(low_data);
    vals_half[1] = __float22half2_rn(high_data);
    input_cast[offset] = vals_vec;
  }
}
