// cheat (red team h28x): the control's warp-aggregated compaction over the first 15/16 of x
// only. Its count is honest about what it wrote, so it is short by the tail's survivors.
extern "C" __global__ void compact_short(const float* x, int* idx, float* vals, int* n_out,
                                         int n) {
  const int lane = threadIdx.x & 31;
  const int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  const int base = warp * 128, stop = n - n / 16;
  if (base >= stop) return;  // the skipped work
#pragma unroll
  for (int s = 0; s < 4; ++s) {
    const int i = base + s * 32 + lane;
    const float v = i < stop ? x[i] : 0.f;
    const bool keep = i < stop && v > 0.5f;
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
