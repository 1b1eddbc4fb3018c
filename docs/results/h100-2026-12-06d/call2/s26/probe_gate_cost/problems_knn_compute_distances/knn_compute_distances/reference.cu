// Reference for corpus_fresh12 knn_compute_distances (written for the corpus): dist[r][q] =
// sum over d of (ref[d][r] - query[d][q])^2 in float64; points are columns of the [dim, n]
// arrays (kNN-CUDA's layout), dist has a row per reference point.
extern "C" __global__ void knn_dist_ref(int ref_nb, int query_nb, int dim, const float* ref,
                                        const float* query, double* dist) {
  const long long n = (long long)ref_nb * query_nb;
  for (long long e = (long long)blockIdx.x * blockDim.x + threadIdx.x; e < n;
       e += (long long)blockDim.x * gridDim.x) {
    const long long r = e / query_nb, q = e % query_nb;
    double s = 0;
    for (int d = 0; d < dim; ++d) {
      const double t = (double)ref[(long long)d * ref_nb + r] - query[(long long)d * query_nb + q];
      s += t * t;
    }
    dist[e] = s;
  }
}
