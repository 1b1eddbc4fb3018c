// float64 reference for corpus_fresh3 problem pmpp_scan_domino (written for the corpus). Y: the
// inclusive scan; scan_value[b] (b >= 1): the sum of the first b sections of 1024 (scan_value[0]
// is never written: 0); flags[b] = 1 for b >= 1 (raised once), flags[0] = 0; the block counter
// ends at the number of blocks. One thread does it all, in order.
extern "C" __global__ void domino_ref(const float* X, double* Y, int N, double* flags,
                                      double* scan_value, double* counter, int blocks) {
  if (blockIdx.x != 0 || threadIdx.x != 0) return;
  double acc = 0;
  flags[0] = 0;
  scan_value[0] = 0;
  for (int b = 0; b < blocks; ++b) {
    for (int j = b * 1024; j < (b + 1) * 1024 && j < N; ++j) {
      acc += (double)X[j];
      Y[j] = acc;
    }
    scan_value[b + 1] = acc;
    flags[b + 1] = 1;
  }
  counter[0] = blocks;
}
