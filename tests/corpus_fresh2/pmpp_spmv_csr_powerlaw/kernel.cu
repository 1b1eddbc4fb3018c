// corpus_fresh2: pmpp_spmv_csr_powerlaw -- from Kirk & Hwu, 'Programming Massively Parallel
// Processors' (3rd ed., 2016), ch. 10 "Parallel patterns: sparse matrix computation", the
// parallel SpMV/CSR kernel (one thread per row), run on a power-law matrix (the chapter's own
// caveat: rows of very different lengths)
// license: textbook listing; written here in its form
// adapted: extern "C"; const inputs
extern "C" __global__ void SpMV_CSR(int num_rows, const float *data, const int *col_index,
                                    const int *row_ptr, const float *x, float *y)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < num_rows) {
        float dot = 0;
        int row_start = row_ptr[row];
        int row_end = row_ptr[row + 1];
        for (int elem = row_start; elem < row_end; elem++) {
            dot += data[elem] * x[col_index[elem]];
        }
        y[row] = dot;
    }
}
