// reference (hon21): per query, the smallest Hamming distance over the database and the first
// index that has it, in one thread.
extern "C" __global__ void knn_ref(const unsigned* q, const unsigned* db, double* nn, double* dist,
                                   int Q, int D, int W) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= Q) return;
  int best = 1 << 30, at = 0;
  for (int j = 0; j < D; ++j) {
    int d = 0;
    for (int w = 0; w < W; ++w) d += __popc(q[(size_t)i * W + w] ^ db[(size_t)j * W + w]);
    if (d < best) best = d, at = j;
  }
  nn[i] = at;
  dist[i] = best;
}
