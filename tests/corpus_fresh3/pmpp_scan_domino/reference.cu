// float64 reference for corpus_fresh3 problem pmpp_scan_domino (written for the corpus). Y: the
// inclusive scan; scan_value[b] (b >= 1): the sum of the first b sections of 1024 (scan_value[0]
// is never written: 0); flags[b] = 1 for b >= 1 (raised once), flags[0] = 0; the block counter
// ends at the number of blocks. One block: each thread sums its sections, thread 0 scans the
// section sums in shared memory, then each thread writes its sections' prefix sums.
extern "C" __global__ void domino_ref(const float* X, double* Y, int N, double* flags,
                                      double* scan_value, double* counter, int blocks) {
  __shared__ double section[4096];  // blocks <= 4096
  for (int b = threadIdx.x; b < blocks; b += blockDim.x) {
    double s = 0;
    for (int j = b * 1024; j < (b + 1) * 1024 && j < N; ++j) s += (double)X[j];
    section[b] = s;
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    double acc = 0;
    for (int b = 0; b < blocks; ++b) {
      double s = section[b];
      section[b] = acc;  // exclusive prefix of section b
      acc += s;
      scan_value[b + 1] = acc;
      flags[b + 1] = 1;
    }
    flags[0] = 0;
    scan_value[0] = 0;
    counter[0] = blocks;
  }
  __syncthreads();
  for (int b = threadIdx.x; b < blocks; b += blockDim.x) {
    double acc = section[b];
    for (int j = b * 1024; j < (b + 1) * 1024 && j < N; ++j) {
      acc += (double)X[j];
      Y[j] = acc;
    }
  }
}
