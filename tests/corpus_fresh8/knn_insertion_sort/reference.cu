// reference for corpus_fresh8 knn_insertion_sort (written for the corpus): for each query column
// q, the k smallest distances of the column in ascending order (ties to the lower row), with their
// row indices, written to the first k rows; the other rows keep their input values. A selection
// of the k smallest (k passes over the column), not an insertion sort.
#define KMAX 64
extern "C" __global__ void knn_sort_ref(double* dist, double* index, int width, int height,
                                        int k) {
  const int q = blockIdx.x * blockDim.x + threadIdx.x;
  if (q >= width || k > KMAX) return;
  double val[KMAX];
  int idx[KMAX];
  double last_v = -1.0e300;
  int last_i = -1;
  for (int s = 0; s < k && s < height; ++s) {
    double best_v = 0.0;
    int best_i = -1;
    for (int r = 0; r < height; ++r) {
      const double v = dist[(long long)r * width + q];
      const bool after = v > last_v || (v == last_v && r > last_i);
      const bool better = best_i < 0 || v < best_v || (v == best_v && r < best_i);
      if (after && better) {
        best_v = v;
        best_i = r;
      }
    }
    val[s] = best_v;
    idx[s] = best_i;
    last_v = best_v;
    last_i = best_i;
  }
  for (int s = 0; s < k && s < height; ++s) {
    dist[(long long)s * width + q] = val[s];
    index[(long long)s * width + q] = (double)idx[s];
  }
}
