// corpus_fresh10: cusp_spmv_csr_vector -- CUSP (cusplibrary), spmv_csr_vector_kernel<int, float,
// VECTORS_PER_BLOCK 4, THREADS_PER_VECTOR 32>: Bell & Garland's CSR "vector" SpMV, one warp per
// row (rows taken grid-stride), lanes striding the row's nonzeros with x gathered by column
// index, a shared-memory tree per warp. 128-thread blocks, NUM_BLOCKS = the occupancy limit
// (9 blocks x 132 SMs at NVRTC's 56 registers). Rewritten for the problem format (see README.md).
#define VECTORS_PER_BLOCK 4
#define THREADS_PER_VECTOR 32

extern "C" __global__ void __launch_bounds__(VECTORS_PER_BLOCK* THREADS_PER_VECTOR, 1)
    spmv_csr_vector_kernel(const int num_rows, const int* Ap, const int* Aj, const float* Ax,
                           const float* x, float* y) {
  // padded to avoid reduction conditionals
  __shared__ volatile float sdata[VECTORS_PER_BLOCK * THREADS_PER_VECTOR + THREADS_PER_VECTOR / 2];
  __shared__ volatile int ptrs[VECTORS_PER_BLOCK][2];

  const int THREADS_PER_BLOCK = VECTORS_PER_BLOCK * THREADS_PER_VECTOR;
  const int thread_id = THREADS_PER_BLOCK * blockIdx.x + threadIdx.x;  // global thread index
  const int thread_lane = threadIdx.x & (THREADS_PER_VECTOR - 1);      // index within the vector
  const int vector_id = thread_id / THREADS_PER_VECTOR;                // global vector index
  const int vector_lane = threadIdx.x / THREADS_PER_VECTOR;            // vector index in the block
  const int num_vectors = VECTORS_PER_BLOCK * gridDim.x;               // total active vectors

  for (int row = vector_id; row < num_rows; row += num_vectors) {
    // use two threads to fetch Ap[row] and Ap[row+1]
    if (thread_lane < 2) ptrs[vector_lane][thread_lane] = Ap[row + thread_lane];
    __syncwarp();
    const int row_start = ptrs[vector_lane][0];  // same as: row_start = Ap[row];
    const int row_end = ptrs[vector_lane][1];    // same as: row_end   = Ap[row+1];

    float sum = 0;
    if (THREADS_PER_VECTOR == 32 && row_end - row_start > 32) {
      // ensure aligned memory access to Aj and Ax
      int jj = row_start - (row_start & (THREADS_PER_VECTOR - 1)) + thread_lane;
      if (jj >= row_start && jj < row_end) sum += Ax[jj] * x[Aj[jj]];
      for (jj += THREADS_PER_VECTOR; jj < row_end; jj += THREADS_PER_VECTOR)
        sum += Ax[jj] * x[Aj[jj]];
    } else {
      for (int jj = row_start + thread_lane; jj < row_end; jj += THREADS_PER_VECTOR)
        sum += Ax[jj] * x[Aj[jj]];
    }

    // store local sum in shared memory and reduce local sums to row sum
    sdata[threadIdx.x] = sum;
    __syncwarp();
    if (THREADS_PER_VECTOR > 16) { sdata[threadIdx.x] = sum = sum + sdata[threadIdx.x + 16]; __syncwarp(); }
    if (THREADS_PER_VECTOR > 8) { sdata[threadIdx.x] = sum = sum + sdata[threadIdx.x + 8]; __syncwarp(); }
    if (THREADS_PER_VECTOR > 4) { sdata[threadIdx.x] = sum = sum + sdata[threadIdx.x + 4]; __syncwarp(); }
    if (THREADS_PER_VECTOR > 2) { sdata[threadIdx.x] = sum = sum + sdata[threadIdx.x + 2]; __syncwarp(); }
    if (THREADS_PER_VECTOR > 1) { sdata[threadIdx.x] = sum = sum + sdata[threadIdx.x + 1]; __syncwarp(); }

    // first thread writes the result
    if (thread_lane == 0) y[row] = sdata[threadIdx.x];
    __syncwarp();
  }
}
