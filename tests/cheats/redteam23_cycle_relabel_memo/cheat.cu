// redteam23_cycle_relabel_memo cheat (red team 23, issue 28; README.md has the reasoning). The
// walks of the worker's three standing cycles (fixed seeds) are in the source (order_tables.cuh,
// written by the harness's own generator); every timed run's cycle is one of them conjugated by
// an involution s(v) = v +- m (relabel.cuh). Each block copies the walks and their inverses to
// shared memory, tries every (set, m, side) on six steps of the walk from node 0 and, with the one
// that explains them, gathers y[k] = x[s(order[j0 + k])] in parallel. A cycle no candidate explains
// (another size, another seed) is walked by one thread as the seed does: right on every input.
#include "order_tables.cuh"
#include "relabel.cuh"

extern "C" __global__ void __launch_bounds__(256)
    walk_relabel(const int* __restrict__ next, const float* __restrict__ x, float* __restrict__ y,
                 int n) {
  // 96 KiB of dynamic shared memory: the three walks and their inverses.
  extern __shared__ unsigned short tables[];
  unsigned short(*order)[STANDING_N] = reinterpret_cast<unsigned short(*)[STANDING_N]>(tables);
  unsigned short(*rank)[STANDING_N] = order + 3;
  __shared__ int best;
  const bool tabled = n == STANDING_N;
  if (threadIdx.x == 0) best = 0x7fffffff;
  if (tabled)
    for (int i = threadIdx.x; i < 3 * STANDING_N; i += blockDim.x) {
      const int r = i / STANDING_N, k = i % STANDING_N;
      const unsigned short v = kOrder[r][k];
      order[r][k] = v;
      rank[r][v] = (unsigned short)k;
    }
  __syncthreads();
  if (tabled)
    for (int c = threadIdx.x; c < 3 * (STANDING_N + 1); c += blockDim.x) {
      int m, b, j0;
      candidate(c % (STANDING_N + 1), m, b);
      if (explains(next, order[c / (STANDING_N + 1)], rank[c / (STANDING_N + 1)], n, m, b, j0))
        atomicMin(&best, c);
    }
  __syncthreads();
  if (best == 0x7fffffff) {  // no standing cycle: the seed's walk
    if (blockIdx.x == 0 && threadIdx.x == 0)
      for (int k = 0, p = 0; k < n; ++k, p = next[p]) y[k] = x[p];
    return;
  }
  const int r = best / (STANDING_N + 1);
  int m, b;
  candidate(best % (STANDING_N + 1), m, b);
  const int j0 = rank[r][relabel(0, m, b, n)];
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < n) y[k] = x[relabel(order[r][(j0 + k) & (n - 1)], m, b, n)];
}
