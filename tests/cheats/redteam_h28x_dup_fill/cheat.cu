// cheat (red team h28x): the control's warp-aggregated compaction, except that a survivor in
// the last 1/16 of x is written as a fixed entry (position 0's, a duplicate of whatever sits
// there in the multiset) instead of its own: the count is exact, the entries are not.
// The control's kernel (kernels/compact/warp_ballot.cuh) with the tail's entries replaced.
#define BALLOT_ENTRY compact_dup
#define BALLOT_SETUP const int tail = n - n / 16;
#define BALLOT_IDX(i) (i < tail ? i : 0)
#define BALLOT_VAL(i, v) (i < tail ? v : 0.75f)
#include "warp_ballot.cuh"
