// float64 reference (hon22): the caches' float64 copies with each token's rows at its slot.
extern "C" __global__ void kv_append_ref(const float* key, const float* value, double* key_cache,
                                         double* value_cache, const long long* slot_mapping, int T,
                                         int HD) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= T) return;
  const long long slot = slot_mapping[t];
  if (slot < 0) return;
  for (int i = 0; i < HD; ++i) {
    key_cache[slot * HD + i] = (double)key[(size_t)t * HD + i];
    value_cache[slot * HD + i] = (double)value[(size_t)t * HD + i];
  }
}
