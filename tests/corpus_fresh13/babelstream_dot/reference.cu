// Reference for corpus_fresh13 babelstream_dot (written for the corpus): each block's partial
// sum of a[i] * b[i] over the elements its grid-stride loop visits (i mod (blocks x 1024) in the
// block's range of 1024), one reference thread per block, in float64.
extern "C" __global__ void dot_ref(int array_size, int blocks, const double* a, const double* b,
                                   double* sums) {
  const long long stride = (long long)blocks * 1024;
  for (long long blk = (long long)blockIdx.x * blockDim.x + threadIdx.x; blk < blocks;
       blk += (long long)blockDim.x * gridDim.x) {
    double s = 0.0;
    for (long long base = blk * 1024; base < array_size; base += stride)
      for (long long i = base; i < base + 1024 && i < array_size; ++i) s += a[i] * b[i];
    sums[blk] = s;
  }
}
