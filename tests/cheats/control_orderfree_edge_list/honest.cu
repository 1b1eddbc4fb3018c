// honest seed (h28x): a thread a row, its columns in order, one atomicAdd an edge; an edge past
// CAP is counted, not written (the count then tells).
extern "C" __global__ void edges_rows(const int* adj, int* src, int* dst, int* n_edges, int V,
                                      int CAP) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= V) return;
  const int* row = adj + (size_t)r * V;
  for (int j = 0; j < V; ++j)
    if (row[j] != 0) {
      const int at = atomicAdd(n_edges, 1);
      if (at < CAP) {
        src[at] = r;
        dst[at] = j;
      }
    }
}
