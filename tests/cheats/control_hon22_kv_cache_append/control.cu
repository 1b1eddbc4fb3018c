// control_hon22_kv_cache_append child: vLLM's reshape_and_cache_flash shape (Apache-2.0;
// written here): a block per token, its threads copying the key and value rows as float4.
extern "C" __global__ void __launch_bounds__(256)
    kv_append_block(const float* __restrict__ key, const float* __restrict__ value,
                    float* __restrict__ key_cache, float* __restrict__ value_cache,
                    const long long* __restrict__ slot_mapping, int T, int HD) {
  const int t = blockIdx.x;
  const long long slot = slot_mapping[t];
  if (slot < 0) return;
  const float4* k = reinterpret_cast<const float4*>(key + (size_t)t * HD);
  const float4* v = reinterpret_cast<const float4*>(value + (size_t)t * HD);
  float4* kc = reinterpret_cast<float4*>(key_cache + slot * HD);
  float4* vc = reinterpret_cast<float4*>(value_cache + slot * HD);
  for (int i = threadIdx.x; i < HD / 4; i += blockDim.x) {
    kc[i] = __ldg(k + i);
    vc[i] = __ldg(v + i);
  }
}
