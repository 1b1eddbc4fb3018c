// control_hon22_kv_cache_append seed: vLLM's reshape_and_cache_flash (csrc/cache_kernels.cu,
// Apache-2.0; written here) in its simplest form: each new token's key and value rows copied
// into the paged caches at the slot slot_mapping names, a thread per token.
extern "C" __global__ void kv_append_rows(const float* key, const float* value, float* key_cache,
                                          float* value_cache, const long long* slot_mapping, int T,
                                          int HD) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= T) return;
  const long long slot = slot_mapping[t];
  if (slot < 0) return;  // vLLM's padding token
  for (int i = 0; i < HD; ++i) {
    key_cache[slot * HD + i] = key[(size_t)t * HD + i];
    value_cache[slot * HD + i] = value[(size_t)t * HD + i];
  }
}
