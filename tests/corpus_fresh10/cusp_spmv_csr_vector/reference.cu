// float64 reference for corpus_fresh10 cusp_spmv_csr_vector (written for the corpus): y = A x
// for a CSR matrix, one thread per row, the row's products summed in double.
extern "C" __global__ void spmv_csr_ref(int num_rows, const int* Ap, const int* Aj,
                                        const float* Ax, const float* x, float* y) {
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < num_rows) {
    double s = 0.0;
    for (int jj = Ap[row]; jj < Ap[row + 1]; jj++) s += (double)Ax[jj] * (double)x[Aj[jj]];
    y[row] = (float)s;
  }
}
