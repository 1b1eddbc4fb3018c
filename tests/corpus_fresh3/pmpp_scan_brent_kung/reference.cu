// float64 reference for corpus_fresh3 problem pmpp_scan_brent_kung (written for the corpus): the
// inclusive scan of each 2048-element section, one thread per section
extern "C" __global__ void brent_kung_ref(const float* X, double* Y, int N) {
  int s = blockIdx.x * blockDim.x + threadIdx.x;
  long base = (long)s * 2048;
  if (base >= N) return;
  double acc = 0;
  for (long j = base; j < base + 2048 && j < N; ++j) {
    acc += (double)X[j];
    Y[j] = acc;
  }
}
