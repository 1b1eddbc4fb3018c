// Red team 26's counted segment seed (tests/cheats/redteam26_counted_tail_sum,
// control_redteam26_counted_tail_lbeta): a block a segment (16,384 values: 16 float4 tiles of 256
// threads), three lgammaf an element in FP32, a warp-shuffle then shared-memory reduction; an
// inactive segment's block returns at once, an active one's thread 0 takes its slot by atomicAdd
// on n_out (zeroed before the run), so the entries' order is the atomics' order (order: free).
// The kernel: seg_sum.cuh.
#define SEG_ENTRY seg_lbeta
#include "seg_sum.cuh"
