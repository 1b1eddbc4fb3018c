// corpus_fresh5: vllm_rotary_neox -- vllm-project/vllm, csrc/pos_encoding_kernels.cu
// (rotary_embedding_kernel<c10::Half, IS_NEOX = true>, the path of vLLM's RotaryEmbedding
// forward_cuda), rewritten for the problem format (see README.md). One block per token rotates
// every (x, y) = (i, i + rot_dim/2) pair of each query and key head in place, with the cos and
// sin of the token's position from the cache.
#include <cuda_fp16.h>

__device__ __forceinline__ void rotate_pair(__half* arr, const __half* cos_ptr,
                                            const __half* sin_ptr, int rot_offset, int embed_dim) {
  const int x_index = rot_offset, y_index = embed_dim + rot_offset;
  const float c = __half2float(__ldg(cos_ptr + x_index));
  const float s = __half2float(__ldg(sin_ptr + x_index));
  const float x = __half2float(arr[x_index]);
  const float y = __half2float(arr[y_index]);
  arr[x_index] = __float2half(x * c - y * s);
  arr[y_index] = __float2half(y * c + x * s);
}

extern "C" __global__ void rotary_embedding_kernel(
    const long long* __restrict__ positions, __half* __restrict__ query, __half* __restrict__ key,
    const __half* __restrict__ cos_sin_cache, const int rot_dim, const long long query_stride,
    const long long key_stride, const int num_heads, const int num_kv_heads, const int head_size) {
  const int token_idx = blockIdx.x;
  const long long pos = positions[token_idx];
  const __half* cache_ptr = cos_sin_cache + pos * rot_dim;
  const int embed_dim = rot_dim / 2;
  const __half* cos_ptr = cache_ptr;
  const __half* sin_ptr = cache_ptr + embed_dim;
  const int nq = num_heads * embed_dim;
  for (int i = threadIdx.x; i < nq; i += blockDim.x) {
    const int head_idx = i / embed_dim;
    const long long token_head = token_idx * query_stride + head_idx * head_size;
    rotate_pair(query + token_head, cos_ptr, sin_ptr, i % embed_dim, embed_dim);
  }
  const int nk = num_kv_heads * embed_dim;
  for (int i = threadIdx.x; i < nk; i += blockDim.x) {
    const int head_idx = i / embed_dim;
    const long long token_head = token_idx * key_stride + head_idx * head_size;
    rotate_pair(key + token_head, cos_ptr, sin_ptr, i % embed_dim, embed_dim);
  }
}
