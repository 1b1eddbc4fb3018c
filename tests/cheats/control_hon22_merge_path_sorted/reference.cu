// float64 reference (hon22): the stable merge by ranks (A's key first on ties), a thread a key.
__device__ int lb_ref(const float* v, int n, float key) {
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
__device__ int ub_ref(const float* v, int n, float key) {
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
extern "C" __global__ void merge_ref(const float* A, const float* B, double* out, int na, int nb) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < na) {
    out[t + lb_ref(B, nb, A[t])] = (double)A[t];
  } else if (t < na + nb) {
    const int j = t - na;
    out[j + ub_ref(A, na, B[j])] = (double)B[j];
  }
}
