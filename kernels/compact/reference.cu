// reference (h28x): one block; a thread a contiguous chunk counts its survivors, thread 0 turns
// the counts into offsets, each chunk writes its survivors in ascending order (a stable
// compaction: the order the view sorts away). Slots past the count: -1 and 0.
extern "C" __global__ void compact_ref(const float* x, double* idx, double* vals, double* n_out,
                                       int n) {
  __shared__ int offs[1024];
  __shared__ int total;
  const int t = threadIdx.x, chunk = n / 1024, begin = t * chunk;
  int c = 0;
  for (int i = begin; i < begin + chunk; ++i) c += x[i] > 0.5f;
  offs[t] = c;
  __syncthreads();
  if (t == 0) {
    int run = 0;
    for (int k = 0; k < 1024; ++k) {
      const int v = offs[k];
      offs[k] = run;
      run += v;
    }
    total = run;
    n_out[0] = run;
  }
  __syncthreads();
  int at = offs[t];
  for (int i = begin; i < begin + chunk; ++i)
    if (x[i] > 0.5f) {
      idx[at] = i;
      vals[at] = x[i];
      ++at;
    }
  for (int i = total + t; i < n; i += 1024) {
    idx[i] = -1;
    vals[i] = 0;
  }
}
