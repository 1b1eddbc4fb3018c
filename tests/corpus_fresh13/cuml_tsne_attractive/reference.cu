// Reference for corpus_fresh13 cuml_tsne_attractive (written for the corpus): the attractive
// t-SNE forces, row by row in float64. The COO rows are sorted, so each thread finds its rows'
// runs with a binary search and sums them without atomics.
extern "C" __global__ void tsne_attr_ref(int n, int nnz, float dof, const float* VAL,
                                         const int* COL, const int* ROW, const float* Y1,
                                         const float* Y2, double* attract1, double* attract2) {
  for (long long r = (long long)blockIdx.x * blockDim.x + threadIdx.x; r < n;
       r += (long long)blockDim.x * gridDim.x) {
    long long lo = 0, hi = nnz;  // first index with ROW >= r
    while (lo < hi) {
      const long long mid = (lo + hi) / 2;
      if (ROW[mid] < r) lo = mid + 1; else hi = mid;
    }
    double f1 = 0, f2 = 0;
    const double e = (dof + 1.0) / 2.0;
    for (long long k = lo; k < nnz && ROW[k] == r; ++k) {
      const int j = COL[k];
      const double d1 = (double)Y1[r] - Y1[j], d2 = (double)Y2[r] - Y2[j];
      const double dist = d1 * d1 + d2 * d2;
      const double q = pow(dof / (dof + dist), e);
      f1 += VAL[k] * q * d1;
      f2 += VAL[k] * q * d2;
    }
    attract1[r] = f1;
    attract2[r] = f2;
  }
}
