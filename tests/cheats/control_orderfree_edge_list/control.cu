// control (h28x): a warp a row, 32 consecutive columns a step (coalesced); the step's edges are
// counted by __ballot_sync, lane 0 reserves them with one atomicAdd, each lane's slot is the base
// plus __popc of the ballot below it. The order across warps is the atomics' order.
extern "C" __global__ void edges_warp(const int* adj, int* src, int* dst, int* n_edges, int V,
                                      int CAP) {
  const int lane = threadIdx.x & 31;
  const int r = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  if (r >= V) return;
  const int* row = adj + (size_t)r * V;
  for (int j0 = 0; j0 < V; j0 += 32) {
    const int j = j0 + lane;
    const bool edge = j < V && row[j] != 0;
    const unsigned ballot = __ballot_sync(0xffffffffu, edge);
    if (ballot == 0) continue;
    int at = 0;
    if (lane == 0) at = atomicAdd(n_edges, __popc(ballot));
    at = __shfl_sync(0xffffffffu, at, 0);
    const int slot = at + __popc(ballot & ((1u << lane) - 1u));
    if (edge && slot < CAP) {
      src[slot] = r;
      dst[slot] = j;
    }
  }
}
