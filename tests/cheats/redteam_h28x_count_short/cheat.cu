// cheat (red team h28x): the control's warp-aggregated compaction over the first 15/16 of x
// only. Its count is honest about what it wrote, so it is short by the tail's survivors.
// The control's kernel (kernels/compact/warp_ballot.cuh) reading x up to `stop` only.
#define BALLOT_ENTRY compact_short
#define BALLOT_SETUP           \
  const int stop = n - n / 16; \
  if (base >= stop) return; /* the skipped work */
#define BALLOT_END stop
#include "warp_ballot.cuh"
