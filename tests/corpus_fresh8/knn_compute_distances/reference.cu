// float64 reference for corpus_fresh8 knn_compute_distances (written for the corpus): dist[r, q]
// = sum over d of (ref[d, r] - query[d, q])^2, one thread per (reference, query) pair.
extern "C" __global__ void knn_dist_ref(const float* ref, const float* query, double* dist,
                                        int ref_nb, int query_nb, int dim) {
  const long long e = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= (long long)ref_nb * query_nb) return;
  const int r = (int)(e / query_nb), q = (int)(e % query_nb);
  double s = 0.0;
  for (int d = 0; d < dim; ++d) {
    const double t = (double)ref[(long long)d * ref_nb + r] - (double)query[(long long)d * query_nb + q];
    s += t * t;
  }
  dist[e] = s;
}
