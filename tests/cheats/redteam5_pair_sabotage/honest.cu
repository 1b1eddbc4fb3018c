// redteam5_pair_sabotage seed (tests/corpus/bg_spmv_csr_scalar/kernel.cu) -- from Bell & Garland, 'Implementing Sparse Matrix-Vector Multiplication on Throughput-Oriented Processors' (SC'09) / NVIDIA tech report NVR-2008-004; the same scalar kernel is PMPP ch. 10, spmv_csr_scalar_kernel (one thread per row) @ -
// license: published listing, reproduced for testing
// adapted: extern "C"; 2^20 rows, 16 nonzeros per row on average, random column indices
extern "C" __global__ void
spmv_csr_scalar_kernel(const int num_rows, const int *ptr, const int *indices, const float *data, const float *x, float *y)
{
  int row = blockDim.x * blockIdx.x + threadIdx.x;
  if (row < num_rows) {
    float dot = 0;
    int row_start = ptr[row];
    int row_end = ptr[row + 1];
    for (int jj = row_start; jj < row_end; jj++)
      dot += data[jj] * x[indices[jj]];
    y[row] = dot;
  }
}
