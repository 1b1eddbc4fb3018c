// Reference for corpus_fresh19 tcluster_radius_pointnet (written for the corpus): for each query
// i of cloud b (clouds by their pointer arrays, found by a binary search), the first
// max_nn points of cloud b, in index order, whose squared distance is below r2, as (i, j) pairs
// from slot 0 on, -1 in the slots left. The squared distance is the same float computation the
// kernel's loop compiles to (a rounded difference, then a fused multiply-add per coordinate, in
// coordinate order), so the borderline points fall the same way; one thread per query.
extern "C" __global__ void radius_ref(const float* x, const float* y, const long long* ptr_x,
                                      const long long* ptr_y, long long* row, long long* col,
                                      float r2, long long m, long long dim, long long B,
                                      long long max_nn) {
  const long long stride = (long long)gridDim.x * blockDim.x;
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < m; i += stride) {
    long long lo = 0, hi = B - 1;  // the cloud b with ptr_y[b] <= i < ptr_y[b + 1]
    while (lo < hi) {
      const long long mid = (lo + hi + 1) / 2;
      if (ptr_y[mid] <= i) lo = mid; else hi = mid - 1;
    }
    long long k = 0;
    for (long long j = ptr_x[lo]; j < ptr_x[lo + 1] && k < max_nn; ++j) {
      float d2 = 0.0f;
      for (long long d = 0; d < dim; ++d) {
        const float t = __fsub_rn(x[j * dim + d], y[i * dim + d]);
        d2 = __fmaf_rn(t, t, d2);
      }
      if (d2 < r2) {
        row[i * max_nn + k] = i;
        col[i * max_nn + k] = j;
        ++k;
      }
    }
    for (; k < max_nn; ++k) {
      row[i * max_nn + k] = -1;
      col[i * max_nn + k] = -1;
    }
  }
}
