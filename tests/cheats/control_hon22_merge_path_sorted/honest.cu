// control_hon22_merge_path_sorted seed: a stable merge of two sorted arrays by ranks (each key's
// place is its index plus its rank in the other array: lower_bound for A's keys, upper_bound for
// B's, so A's key goes first on ties; the textbook parallel merge, e.g. Thrust's early
// merge_by_key fallback; written here): a thread per key, a binary search each.
__device__ int lower_bound_f(const float* v, int n, float key) {
  int lo = 0, hi = n;
  while (lo < hi) {
    const int mid = (lo + hi) / 2;
    if (v[mid] < key)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}
__device__ int upper_bound_f(const float* v, int n, float key) {
  int lo = 0, hi = n;
  while (lo < hi) {
    const int mid = (lo + hi) / 2;
    if (v[mid] <= key)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}
extern "C" __global__ void merge_by_rank(const float* A, const float* B, float* out, int na,
                                         int nb) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < na) {
    out[t + lower_bound_f(B, nb, A[t])] = A[t];
  } else if (t < na + nb) {
    const int j = t - na;
    out[j + upper_bound_f(A, na, B[j])] = B[j];
  }
}
