// corpus_fresh16: ggml_argsort_bitonic -- llama.cpp / ggml, GGML_OP_ARGSORT below 1024 columns
// (ggml/src/ggml-cuda/argsort.cu: k_argsort_f32_i32<GGML_SORT_ORDER_DESC>, launched by
// argsort_f32_i32_cuda_bitonic): one block per row, a bitonic network over the row's column
// indices in shared memory, comparing the row's floats (read through the indices from global
// memory) at each of the log2(n)(log2(n)+1)/2 stages, a barrier after each. Rewritten for the
// problem format (see README.md).

// One compare-exchange of the network at (k, j) for column col (descending order).
static inline __device__ void bitonic_step_desc(const float* x_row, int* dst_row, const int ncols, const int col,
                                                const int k, const int j) {
  const int ixj = col ^ j;
  if (ixj <= col) {
    return;
  }
  if ((col & k) == 0) {
    if (dst_row[col] >= ncols || (dst_row[ixj] < ncols && x_row[dst_row[col]] < x_row[dst_row[ixj]])) {
      int tmp = dst_row[col];
      dst_row[col] = dst_row[ixj];
      dst_row[ixj] = tmp;
    }
  } else {
    if (dst_row[ixj] >= ncols || (dst_row[col] < ncols && x_row[dst_row[col]] > x_row[dst_row[ixj]])) {
      int tmp = dst_row[col];
      dst_row[col] = dst_row[ixj];
      dst_row[ixj] = tmp;
    }
  }
}

extern "C" __global__ void k_argsort_f32_i32(const float* x, int* dst, const int ncols, int ncols_pad) {
  const int row = blockIdx.x;

  const float* x_row = x + row * ncols;
  extern __shared__ int dst_row[];

  // initialize indices
  for (int col = threadIdx.x; col < ncols_pad; col += blockDim.x) {
    dst_row[col] = col;
  }

  __syncthreads();

  for (int k = 2; k <= ncols_pad; k *= 2) {
    for (int j = k / 2; j > 0; j /= 2) {
      for (int col = threadIdx.x; col < ncols_pad; col += blockDim.x) {
        bitonic_step_desc(x_row, dst_row, ncols, col, k, j);
      }
      __syncthreads();
    }
  }

  // copy the result to dst without the padding
  for (int col = threadIdx.x; col < ncols; col += blockDim.x) {
    dst[row * ncols + col] = dst_row[col];
  }
}
