// A warp-aggregated compaction (h28x's control child, shared by control_orderfree_atomic_compact
// and control_redteam26_compact_unwritten): each thread takes 4 steps of 32 consecutive elements of
// the warp's 128-element stretch; per step the warp's survivors are counted by __ballot_sync,
// lane 0 reserves them with one atomicAdd, and each survivor's slot is the base plus the
// __popc of the ballot below its lane. The order across warps is the atomics' order.
extern "C" __global__ void compact_warp(const float* x, int* idx, float* vals, int* n_out, int n) {
  const int lane = threadIdx.x & 31;
  const int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  const int base = warp * 128;
#pragma unroll
  for (int s = 0; s < 4; ++s) {
    const int i = base + s * 32 + lane;
    const float v = i < n ? x[i] : 0.f;
    const bool keep = i < n && v > 0.5f;
    const unsigned ballot = __ballot_sync(0xffffffffu, keep);
    if (ballot == 0) continue;
    int at = 0;
    if (lane == 0) at = atomicAdd(n_out, __popc(ballot));
    at = __shfl_sync(0xffffffffu, at, 0);
    if (keep) {
      const int slot = at + __popc(ballot & ((1u << lane) - 1u));
      idx[slot] = i;
      vals[slot] = v;
    }
  }
}
