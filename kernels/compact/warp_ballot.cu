// A warp-aggregated compaction (h28x's control child, shared by control_orderfree_atomic_compact
// and control_redteam26_compact_unwritten): each thread takes 4 steps of 32 consecutive elements of
// the warp's 128-element stretch; per step the warp's survivors are counted by __ballot_sync,
// lane 0 reserves them with one atomicAdd, and each survivor's slot is the base plus the
// __popc of the ballot below its lane. The order across warps is the atomics' order.
// The kernel: warp_ballot.cuh.
#define BALLOT_ENTRY compact_warp
#include "warp_ballot.cuh"
