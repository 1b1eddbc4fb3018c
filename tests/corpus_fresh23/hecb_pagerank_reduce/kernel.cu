// corpus_fresh23: hecb_pagerank_reduce -- HeCBench (zjin-lcf/HeCBench), src/page-rank-cuda: the
// reduce kernel of the Ostrich suite's PageRank (Lavoie et al.), the second kernel of each
// iteration: page j sums the column j of the map matrix (the rank its in-links give it), applies
// the damping factor and records how far its rank moved. One thread a page; the lanes of a warp
// read consecutive columns of one row at a time.
// Rewritten for the problem format (see README.md): extern "C", D_FACTOR as a constant; the
// column walk, the size_t offsets, the float sum in row order, the update and the launch (block
// min(n, 256), ceil(n / block) blocks) as the origin's.

#define PR_D_FACTOR (0.85f)

extern "C" __global__ void reduce(float* __restrict__ page_ranks, const float* __restrict__ maps,
                                  const int n, float* __restrict__ dif) {
  int j = threadIdx.x + blockIdx.x * blockDim.x;
  int i;
  float new_rank;
  float old_rank;

  if (j < n) {
    old_rank = page_ranks[j];
    new_rank = 0.0f;
    for (i = 0; i < n; ++i) {
      new_rank += maps[(size_t)i * n + j];
    }

    new_rank = ((1.f - PR_D_FACTOR) / n) + (PR_D_FACTOR * new_rank);
    dif[j] = fmaxf(fabsf(new_rank - old_rank), dif[j]);
    page_ranks[j] = new_rank;
  }
}
