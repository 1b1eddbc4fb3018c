// h28x's warp-aggregated compaction as a whole kernel (issue 33: the control child warp_ballot.cu
// and red team h28x's two cheats, tests/cheats/redteam_h28x_count_short and redteam_h28x_dup_fill,
// carried the same kernel): each thread takes 4 steps of 32 consecutive elements of the warp's
// 128-element stretch; per step the warp's survivors (x > 0.5) are counted by __ballot_sync,
// lane 0 reserves them with one atomicAdd, and each survivor's slot is the base plus the __popc
// of the ballot below its lane. The order across warps is the atomics' order. The includer
// defines before it includes:
//   BALLOT_ENTRY            the entry's name
//   BALLOT_SETUP            statements after `base` (the warp's first element) is known (default
//                           none)
//   BALLOT_END              the end of the elements read (default n)
//   BALLOT_IDX(i), BALLOT_VAL(i, v)   what a survivor at i with value v writes (default i, v)
#pragma once
#ifndef BALLOT_SETUP
#define BALLOT_SETUP
#endif
#ifndef BALLOT_END
#define BALLOT_END n
#endif
#ifndef BALLOT_IDX
#define BALLOT_IDX(i) i
#endif
#ifndef BALLOT_VAL
#define BALLOT_VAL(i, v) v
#endif
extern "C" __global__ void BALLOT_ENTRY(const float* x, int* idx, float* vals, int* n_out, int n) {
  const int lane = threadIdx.x & 31;
  const int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  const int base = warp * 128;
  BALLOT_SETUP
#pragma unroll
  for (int s = 0; s < 4; ++s) {
    const int i = base + s * 32 + lane;
    const float v = i < BALLOT_END ? x[i] : 0.f;
    const bool keep = i < BALLOT_END && v > 0.5f;
    const unsigned ballot = __ballot_sync(0xffffffffu, keep);
    if (ballot == 0) continue;
    int at = 0;
    if (lane == 0) at = atomicAdd(n_out, __popc(ballot));
    at = __shfl_sync(0xffffffffu, at, 0);
    if (keep) {
      const int slot = at + __popc(ballot & ((1u << lane) - 1u));
      idx[slot] = BALLOT_IDX(i);
      vals[slot] = BALLOT_VAL(i, v);
    }
  }
}
