// Reference for corpus_fresh23 hecb_spmv_vector_csr_powerlaw (written for the corpus): one thread
// per row, the row's products summed in float64 in column-list order.
extern "C" __global__ void spmv_csr_ref(unsigned long long num_rows,
                                        const unsigned long long* row_indices,
                                        const unsigned long long* col_indices,
                                        const float* values, const float* x, double* y) {
  const unsigned long long r = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= num_rows) return;
  double s = 0.0;
  for (unsigned long long k = row_indices[r]; k < row_indices[r + 1]; ++k)
    s += (double)values[k] * (double)x[col_indices[k]];
  y[r] = s;
}
