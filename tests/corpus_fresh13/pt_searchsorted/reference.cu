// Reference for corpus_fresh13 pt_searchsorted (written for the corpus): for each value, the
// number of boundaries strictly below it (the lower bound in an ascending sequence), found by
// a binary search of its own over the same float boundaries (an int64 output is written as
// int64).
extern "C" __global__ void searchsorted_ref(long long numel, long long nbd, const float* in,
                                            const float* bd, long long* out) {
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < numel;
       i += (long long)blockDim.x * gridDim.x) {
    const double v = in[i];
    long long lo = 0, hi = nbd;  // first k with bd[k] >= v
    while (lo < hi) {
      const long long mid = (lo + hi) / 2;
      if ((double)bd[mid] < v) lo = mid + 1; else hi = mid;
    }
    out[i] = lo;
  }
}
