// corpus_fresh23: hecb_spmv_vector_csr_powerlaw -- HeCBench (zjin-lcf/HeCBench),
// src/simpleSpmv-cuda/kernels.cu: vector_mv_csr<BS>, the "vector" CSR sparse matrix-vector
// product (after the ROCm blog's vector_csr example): BS lanes share a row, stride through its
// nonzeros by BS, and add their partial sums with __shfl_down_sync over a BS-wide segment.
// The host picks BS as the power of two below nnz / rows (capped at 32) and packs 256 / BS rows
// into a block of (BS, 256 / BS) threads.
// Rewritten for the problem format (see README.md): the template fixed at BS = 8 (what the
// origin's host code picks for 16 nonzeros a row), extern "C", size_t as unsigned long long; the
// row mapping, the strided walk, the segmented shuffle reduction and the launch as the origin's.
// One change: the origin stores y[m] from all BS lanes of the segment, though only the first
// holds the full sum after __shfl_down_sync (which lane's store lands is undefined); here lane 0
// of the segment stores it.

#define VCSR_BS 8

extern "C" __global__ void vector_mv_csr(const unsigned long long num_rows,
                                         const unsigned long long* row_indices,
                                         const unsigned long long* col_indices,
                                         const float* values, const float* x, float* y) {
  unsigned long long m = blockIdx.x * blockDim.y + threadIdx.y;
  if (m < num_rows) {
    unsigned long long row_start = row_indices[m];
    unsigned long long row_end = row_indices[m + 1];

    float temp = 0;
    for (unsigned long long n = row_start + threadIdx.x; n < row_end; n += VCSR_BS) {
      temp += values[n] * x[col_indices[n]];
    }
#pragma unroll
    for (int i = VCSR_BS >> 1; i > 0; i >>= 1)
      temp += __shfl_down_sync(0xFFFFFFFF, temp, i, VCSR_BS);

    if (threadIdx.x == 0) y[m] = temp;
  }
}
