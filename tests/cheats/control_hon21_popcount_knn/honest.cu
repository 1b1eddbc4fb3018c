// control_hon21_popcount_knn seed: the CPU loop ported, a thread per query; bits counted by
// Kernighan's loop.
__device__ int bits_of(unsigned v) {
  int c = 0;
  while (v) v &= v - 1, ++c;
  return c;
}
extern "C" __global__ void knn_kernighan(const unsigned* q, const unsigned* db, int* nn, int* dist,
                                         int Q, int D, int W) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= Q) return;
  int best = 1 << 30, at = 0;
  for (int j = 0; j < D; ++j) {
    int d = 0;
    for (int w = 0; w < W; ++w) d += bits_of(q[(size_t)i * W + w] ^ db[(size_t)j * W + w]);
    if (d < best) best = d, at = j;
  }
  nn[i] = at;
  dist[i] = best;
}
