// corpus_fresh4: vllm_reshape_and_cache -- from vllm-project/vllm, csrc/cache_kernels.cu:
// reshape_and_cache_kernel<half, half, kAuto> (the paged KV-cache write of every new token),
// launched by reshape_and_cache() with grid(num_tokens), block(min(num_heads * head_size, 512))
// license: Apache-2.0 (the vLLM project); written here in the file's form
// adapted: extern "C"; scalar_t = cache_t = half and the kv_dt == kAuto branch only (no FP8
// conversion, so k_scale and v_scale are unused and dropped)
#include <cuda_fp16.h>

extern "C" __global__ void reshape_and_cache_kernel(
    const __half* __restrict__ key,    // [num_tokens, num_heads, head_size]
    const __half* __restrict__ value,  // [num_tokens, num_heads, head_size]
    __half* __restrict__ key_cache,    // [num_blocks, num_heads, head_size/x, block_size, x]
    __half* __restrict__ value_cache,  // [num_blocks, num_heads, head_size, block_size]
    const long long* __restrict__ slot_mapping,  // [num_tokens]
    const int key_stride, const int value_stride, const int num_heads, const int head_size,
    const int block_size, const int x) {
  const long long token_idx = blockIdx.x;
  const long long slot_idx = slot_mapping[token_idx];
  if (slot_idx < 0) {
    // Padding token that should be ignored.
    return;
  }

  const long long block_idx = slot_idx / block_size;
  const long long block_offset = slot_idx % block_size;

  const int n = num_heads * head_size;
  for (int i = threadIdx.x; i < n; i += blockDim.x) {
    const long long src_key_idx = token_idx * key_stride + i;
    const long long src_value_idx = token_idx * value_stride + i;

    const int head_idx = i / head_size;
    const int head_offset = i % head_size;
    const int x_idx = head_offset / x;
    const int x_offset = head_offset % x;

    const long long tgt_key_idx = block_idx * num_heads * (head_size / x) * block_size * x +
                                  head_idx * (head_size / x) * block_size * x +
                                  x_idx * block_size * x + block_offset * x + x_offset;
    const long long tgt_value_idx = block_idx * num_heads * head_size * block_size +
                                    head_idx * head_size * block_size + head_offset * block_size +
                                    block_offset;
    __half tgt_key = key[src_key_idx];
    __half tgt_value = value[src_value_idx];
    key_cache[tgt_key_idx] = tgt_key;
    value_cache[tgt_value_idx] = tgt_value;
  }
}
