// The buckets of control_redteam27_sorted_bucket_search: edge b is b * 125/128 (exact in FP32
// for b <= 1024), bucket b is [edge b, edge b + 1), the last bucket open above. Shared by the
// reference, the seed and the child, so all three place a key by the same comparisons.
#pragma once
__device__ __forceinline__ float bucket_edge(int b) { return (float)b * 0.9765625f; }
__device__ __forceinline__ int bucket_of(float key, int nb) {
  int b = (int)(key * 1.024f);
  b = b < 0 ? 0 : (b > nb - 1 ? nb - 1 : b);
  while (b > 0 && key < bucket_edge(b)) --b;
  while (b < nb - 1 && key >= bucket_edge(b + 1)) ++b;
  return b;
}
