// reference for corpus_fresh5 thrust_lower_bound: the first index whose key is not less than the
// value (std::lower_bound), found by a bisection on [lo, hi) written independently.
extern "C" __global__ void lower_bound_ref(const float* keys, int n, const float* values,
                                           double* out, int m) {
  int q = blockIdx.x * blockDim.x + threadIdx.x;
  if (q >= m) return;
  float v = values[q];
  int lo = 0, hi = n;
  while (hi - lo > 0) {
    int half = (hi - lo) >> 1;
    if (keys[lo + half] < v)
      lo = lo + half + 1;
    else
      hi = lo + half;
  }
  out[q] = lo;
}
