// Reference for corpus_fresh19 dgl_spmm_copy_max (written for the corpus): for every row r and
// feature f, the maximum over r's CSR neighbours c of h[c][f] and the first c (in CSR order) that
// attains it; a row without neighbours gives -inf and 0. One thread per (row, feature), rows
// spread over a grid-stride loop; float64 out for the values (a maximum of floats is exact).
extern "C" __global__ void spmm_max_ref(long long rows, long long F, const long long* indptr,
                                        const long long* indices, const float* h, double* out,
                                        long long* arg) {
  const long long total = rows * F;
  const long long stride = (long long)gridDim.x * blockDim.x;
  for (long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x; t < total; t += stride) {
    const long long r = t / F, f = t % F;
    double best = -__longlong_as_double(0x7ff0000000000000LL);
    long long who = 0;
    for (long long i = indptr[r]; i < indptr[r + 1]; ++i) {
      const long long c = indices[i];
      const double v = (double)h[c * F + f];
      if (v > best) {
        best = v;
        who = c;
      }
    }
    out[t] = best;
    arg[t] = who;
  }
}
