// float64 reference of control_redteam26_compact_unwritten (red team 26): x[x > 0.5] and its
// positions, a thread an element, each survivor's slot from atomicAdd on n_out (float64 slots,
// zeroed before the run: exact for integers below 2^53), as an atomic compaction's reference is
// written. The slots past the count are never written (the gate never compares them, RowValid;
// read back they hold the 0xFF poison, which order_view.h's mark_uncounted turns into +infinity).
extern "C" __global__ void compact_atomic_ref(const float* x, double* idx, double* vals,
                                              double* n_out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float v = x[i];
  if (v > 0.5f) {
    const long long at = (long long)atomicAdd(n_out, 1.0);
    idx[at] = (double)i;
    vals[at] = (double)v;
  }
}
