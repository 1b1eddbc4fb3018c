// Red team 1's delta memos (tests/cheats/redteam_delta_gemm, redteam_delta_int; `kernels:
// [cheats]`), the last launch (remember), a whole kernel: the slot's copy of A (M x K elements of
// DELTA_ELEM, the includer's float or int) follows what C was computed from: all of it after an
// honest run (g_delta 2), the changed elements (g_row, g_col: g_changed of them) after a served
// one (1), nothing when the memo is kept as it is (0); with a full copy, B's sampled key and the
// slot's validity. MAXE, g_a, g_row, g_col, g_changed, g_delta, g_slot, g_bkey, g_bnow and
// g_valid are the includer's.
#pragma once
extern "C" __global__ void remember(const DELTA_ELEM* A, int M, int K) {
  const int slot = g_slot;
  const size_t na = (size_t)M * K;
  const size_t tid = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (g_delta == 0) return;
  if (g_delta == 1) {
    const int n = int(g_changed);
    if (tid < (size_t)n) {
      const size_t i = (size_t)g_row[tid] * K + g_col[tid];
      g_a[slot][i] = A[i];
    }
    return;
  }
  for (size_t i = tid; i < na && i < MAXE; i += (size_t)gridDim.x * blockDim.x) g_a[slot][i] = A[i];
  if (tid == 0) {
    g_bkey[slot] = g_bnow;
    g_valid[slot] = na <= MAXE;
  }
}
