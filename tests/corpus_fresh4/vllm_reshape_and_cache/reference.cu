// float64 reference for corpus_fresh4 problem vllm_reshape_and_cache (written for the corpus): one
// thread per (token, element); the cache layouts as vLLM documents them
#include <cuda_fp16.h>
extern "C" __global__ void reshape_and_cache_ref(const __half* key, const __half* value,
                                                 double* key_cache, double* value_cache,
                                                 const long long* slot_mapping, int num_tokens,
                                                 int num_heads, int head_size, int block_size,
                                                 int x) {
  const long long e = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  const long long n = (long long)num_heads * head_size;
  if (e >= n * num_tokens) return;
  const long long t = e / n, i = e % n;
  const long long slot = slot_mapping[t];
  if (slot < 0) return;
  const long long blk = slot / block_size, off = slot % block_size;
  const long long h = i / head_size, d = i % head_size;
  key_cache[(((blk * num_heads + h) * (head_size / x) + d / x) * block_size + off) * x + d % x] =
      __half2float(key[e]);
  value_cache[((blk * num_heads + h) * head_size + d) * block_size + off] = __half2float(value[e]);
}
