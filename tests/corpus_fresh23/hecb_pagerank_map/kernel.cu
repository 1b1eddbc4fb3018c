// corpus_fresh23: hecb_pagerank_map -- HeCBench (zjin-lcf/HeCBench), src/page-rank-cuda: the map
// kernel of the Ostrich suite's PageRank (Lavoie et al.), the first of the two kernels of each
// iteration: page i spreads its rank over its out-links, one thread a page walking its own row
// of the dense n x n link matrix, so that the 32 lanes of a warp read and write 32 rows at the
// same column (a stride of n ints between lanes).
// Rewritten for the problem format (see README.md): extern "C"; the row walk, the size_t row
// offset, the float division and product and the launch (block min(n, 256), ceil(n / block)
// blocks) as the origin's.

extern "C" __global__ void map(const int* __restrict__ pages, const float* __restrict__ page_ranks,
                               float* __restrict__ maps, const unsigned int* __restrict__ noutlinks,
                               const int n) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  int j;
  if (i < n) {
    float outbound_rank = page_ranks[i] / (float)noutlinks[i];
    for (j = 0; j < n; ++j) {
      maps[(size_t)i * n + j] = pages[(size_t)i * n + j] * outbound_rank;
    }
  }
}
