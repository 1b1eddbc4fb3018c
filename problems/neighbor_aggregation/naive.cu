// Seed: one thread per output element, features fastest, one edge at a time: each iteration
// loads col[e], then (dependent on it) one float of the neighbour's row. Lanes of a warp share
// a node, so the row read is coalesced, but every thread re-reads the node's indices and has
// one 4-byte load in flight at a time.
extern "C" __global__ void aggregate_naive(const int* rowptr, const int* col, const float* x,
                                           float* out, int V, int F) {
  const size_t t = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= (size_t)V * F) return;
  const int v = (int)(t / F), f = (int)(t % F);
  float acc = 0.0f;
  for (int e = rowptr[v]; e < rowptr[v + 1]; ++e) acc += x[(size_t)col[e] * F + f];
  out[t] = acc;
}
