// Reference for corpus_fresh18 tsparse_spmm_sum (written for the corpus): out = A * mat for a CSR
// matrix A (int64 row pointers and columns, float values) and a dense row-major N x K `mat`, one
// thread per output element, accumulated in double; float64 out.
extern "C" __global__ void spmm_csr_ref(int M, int K, const long long* rowptr, const long long* col,
                                        const float* value, const float* mat, double* out) {
  for (long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x; t < (long long)M * K;
       t += (long long)blockDim.x * gridDim.x) {
    const long long r = t / K, k = t % K;
    double acc = 0.0;
    for (long long e = rowptr[r]; e < rowptr[r + 1]; ++e) acc += (double)value[e] * (double)mat[col[e] * K + k];
    out[t] = acc;
  }
}
