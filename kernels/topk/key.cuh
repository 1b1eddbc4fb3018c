// top-k (control_hon21_topk_int_ties, control_orderfree_topk_radix): the order key, larger first: the value (offset to unsigned) in the
// high word, the inverted index in the low word (equal values: the lower index is larger).
__device__ __forceinline__ unsigned long long topk_key(int v, int j) {
  return ((unsigned long long)((unsigned)v ^ 0x80000000u) << 32) | (unsigned)(~j);
}
__device__ __forceinline__ int key_value(unsigned long long k) {
  return (int)((unsigned)(k >> 32) ^ 0x80000000u);
}
__device__ __forceinline__ int key_index(unsigned long long k) { return (int)~(unsigned)k; }
