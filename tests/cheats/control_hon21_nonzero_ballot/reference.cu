// reference (hon21): one block; a thread a contiguous chunk counts its 1s, thread 0 turns the
// counts into offsets, then each chunk writes its positions in order; every slot past the total
// is -1.
extern "C" __global__ void nonzero_ref(const int* mask, double* idx, double* count, int n) {
  __shared__ int offs[1024];
  __shared__ int total;
  const int t = threadIdx.x, chunk = n / 1024, begin = t * chunk;
  int c = 0;
  for (int i = begin; i < begin + chunk; ++i) c += mask[i] != 0;
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
    count[0] = run;
  }
  __syncthreads();
  int at = offs[t];
  for (int i = begin; i < begin + chunk; ++i)
    if (mask[i] != 0) idx[at++] = i;
  for (int i = total + t; i < n; i += 1024) idx[i] = -1;
}
