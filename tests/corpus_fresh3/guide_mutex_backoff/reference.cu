// float64 reference for corpus_fresh3 problem guide_mutex_backoff (written for the corpus): one
// thread per bin scans every key; the locks end released (0)
extern "C" __global__ void binned_update_ref(const int* keys, const float* vals, double* locks,
                                             double* count, double* sum, int n, int bins) {
  int b = blockIdx.x * blockDim.x + threadIdx.x;
  if (b >= bins) return;
  double c = 0, s = 0;
  for (int i = 0; i < n; ++i)
    if (keys[i] == b) {
      c += 1;
      s += (double)vals[i];
    }
  locks[b] = 0;
  count[b] = c;
  sum[b] = s;
}
