// reference for corpus_fresh7 ggml_argmax_vocab (written for the corpus): the index of the first
// maximum of each row. One 256-thread block per row: each thread scans a contiguous chunk of
// the row from its start (so its first maximum is its chunk's first), then thread 0 takes the
// chunks in order, keeping a chunk's maximum only when it is strictly larger.
extern "C" __global__ void argmax_ref(const float* x, double* dst, long long ncols) {
  __shared__ float best[256];
  __shared__ long long where[256];
  const float* r = x + (long long)blockIdx.x * ncols;
  const long long chunk = (ncols + blockDim.x - 1) / blockDim.x;
  const long long lo = threadIdx.x * chunk;
  const long long hi = lo + chunk < ncols ? lo + chunk : ncols;
  float m = 0;
  long long at = -1;
  for (long long c = lo; c < hi; ++c)
    if (at < 0 || r[c] > m) {
      m = r[c];
      at = c;
    }
  best[threadIdx.x] = m;
  where[threadIdx.x] = at;
  __syncthreads();
  if (threadIdx.x == 0) {
    float bm = 0;
    long long bi = -1;
    for (int t = 0; t < (int)blockDim.x; ++t)
      if (where[t] >= 0 && (bi < 0 || best[t] > bm)) {
        bm = best[t];
        bi = where[t];
      }
    dst[blockIdx.x] = (double)bi;
  }
}
