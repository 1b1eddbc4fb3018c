// Reference for corpus_fresh14 pt_scatter_reduce_amax (written for the corpus): out[g][d] is
// the maximum of 0 (the zero-filled self, include_self = true) and every src[r][d] whose row r
// belongs to graph g (batch ids outside [0, graphs) dropped), one thread per output element
// scanning all rows; a max is exact, so float64 holds the float value itself.
extern "C" __global__ void scatter_amax_ref(long long rows, long long D, long long graphs,
                                            const long long* batch, const float* src,
                                            double* out) {
  const long long total = graphs * D;
  for (long long o = (long long)blockIdx.x * blockDim.x + threadIdx.x; o < total;
       o += (long long)blockDim.x * gridDim.x) {
    const long long g = o / D, d = o % D;
    double m = 0.0;
    for (long long r = 0; r < rows; ++r)
      if (batch[r] == g && (double)src[r * D + d] > m) m = src[r * D + d];
    out[o] = m;
  }
}
