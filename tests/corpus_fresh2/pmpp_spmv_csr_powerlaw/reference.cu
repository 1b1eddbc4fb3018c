// float64 reference for corpus_fresh2 problem pmpp_spmv_csr_powerlaw (written for the corpus)
extern "C" __global__ void spmv_powerlaw_ref(int rows, const float* data, const int* idx, const int* ptr,
                                             const float* x, double* y) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  double s = 0;
  for (int j = ptr[r]; j < ptr[r + 1]; j++) s += (double)data[j] * (double)x[idx[j]];
  y[r] = s;
}
