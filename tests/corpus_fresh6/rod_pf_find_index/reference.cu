// reference for corpus_fresh6 rod_pf_find_index: systematic resampling by binary search -- the
// first CDF entry >= u[i] (lower bound), the last particle if none is -- and the position of
// the chosen particle. One thread per particle, positions written as float64.
extern "C" __global__ void find_index_ref(const double* X, const double* Y, const double* CDF,
                                          const double* u, double* xj, double* yj, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int lo = 0, hi = n;  // the answer lies in [lo, hi]; hi = n means "none"
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    if (CDF[mid] >= u[i])
      hi = mid;
    else
      lo = mid + 1;
  }
  int index = lo < n ? lo : n - 1;
  xj[i] = X[index];
  yj[i] = Y[index];
}
