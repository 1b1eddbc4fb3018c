// reference for corpus_fresh7 blw_pagerank_edgelist (written for the corpus): the new rank of v
// is the sum over edges (u, v) of rank(u) / outdeg(u), the out-degree read from the CSR offsets.
// One thread per edge adds its share in float64 to the zeroed output (float64 sums of a few dozen
// terms per vertex: exact to far below the float tolerance, whatever their order).
extern "C" __global__ void pagerank_push_ref(const unsigned* vertices, const unsigned* src,
                                             const unsigned* dst, long long E, const float* rank,
                                             double* next) {
  const long long e = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= E) return;
  const unsigned u = src[e];
  const double deg = (double)vertices[u + 1] - (double)vertices[u];
  if (deg != 0) atomicAdd(&next[dst[e]], (double)rank[u] / deg);
}
