// Reference for corpus_fresh16 ggml_argsort_bitonic (written for the corpus): the same bitonic
// network, descending, run one row per thread in a private index array (a stage's pairs are
// disjoint, so running them in sequence gives the parallel result, ties included); float64 out.
extern "C" __global__ void argsort_bitonic_ref(int nrows, const float* x, double* out) {
  const int n = 128;
  for (int row = blockIdx.x * blockDim.x + threadIdx.x; row < nrows; row += blockDim.x * gridDim.x) {
    const float* xr = x + (long long)row * n;
    int idx[128];
    for (int c = 0; c < n; ++c) idx[c] = c;
    for (int k = 2; k <= n; k <<= 1)
      for (int j = k >> 1; j > 0; j >>= 1)
        for (int lo = 0; lo < n; ++lo) {
          const int hi = lo ^ j;
          if (hi <= lo) continue;
          // the block [lo & k == 0] is sorted descending, the other ascending
          const bool desc = (lo & k) == 0;
          const float a = xr[idx[lo]], b = xr[idx[hi]];
          if (desc ? (a < b) : (a > b)) {
            const int t = idx[lo];
            idx[lo] = idx[hi];
            idx[hi] = t;
          }
        }
    for (int c = 0; c < n; ++c) out[(long long)row * n + c] = (double)idx[c];
  }
}
