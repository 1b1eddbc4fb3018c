// cheat (red team h28x): the control's warp-aggregated compaction, except that a survivor in
// the last 1/16 of x is written as a fixed entry (position 0's, a duplicate of whatever sits
// there in the multiset) instead of its own: the count is exact, the entries are not.
extern "C" __global__ void compact_dup(const float* x, int* idx, float* vals, int* n_out, int n) {
  const int lane = threadIdx.x & 31;
  const int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  const int base = warp * 128, tail = n - n / 16;
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
      idx[slot] = i < tail ? i : 0;
      vals[slot] = i < tail ? v : 0.75f;
    }
  }
}
