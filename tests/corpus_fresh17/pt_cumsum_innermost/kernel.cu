// corpus_fresh17: pt_cumsum_innermost -- PyTorch ATen, torch.cumsum along the last dimension
// (aten/src/ATen/native/cuda/ScanUtils.cuh: tensor_kernel_scan_innermost_dim<float, std::plus>,
// launched by scan_innermost_dim). A block of num_threads_x x num_threads_y threads (here 512 x 1)
// scans num_threads_y rows at a time, 2 * num_threads_x columns per step: each thread stages two
// values in shared memory, the running total is added to the first, a Sklansky scan of
// log2(num_threads_x) + 1 levels runs with a barrier after each, the results go back to global
// memory and the last one becomes the running total. Rewritten for the problem format (see
// README.md): float and addition fixed, extern "C".

extern "C" __global__ void tensor_kernel_scan_innermost_dim(float* tgt_, const float* src_,
                                                            const unsigned num_rows, const unsigned row_size,
                                                            const unsigned log_num_threads_x, float init) {
  extern __shared__ char sbuf[];
  const unsigned num_threads_x = 1u << log_num_threads_x;
  // each threadIdx.y owns 2 * num_threads_x consecutive floats of the block's buffer
  float* row_buf = reinterpret_cast<float*>(sbuf) + num_threads_x * 2 * threadIdx.y;

  for (unsigned block_row = blockIdx.x * blockDim.y; block_row < num_rows; block_row += blockDim.y * gridDim.x) {
    const unsigned row = block_row + threadIdx.y;
    const bool row_exists = row < num_rows;
    const float* row_src = src_ + row * row_size;
    float* row_tgt = tgt_ + row * row_size;
    float block_total = init;

    for (unsigned block_col = 0; block_col < row_size; block_col += 2 * num_threads_x) {
      // stage two values per thread
      const unsigned col1 = block_col + threadIdx.x;
      const unsigned col2 = block_col + num_threads_x + threadIdx.x;
      if (row_exists) {
        row_buf[threadIdx.x] = col1 < row_size ? row_src[col1] : init;
        row_buf[num_threads_x + threadIdx.x] = col2 < row_size ? row_src[col2] : init;
        // carry the total of the columns already scanned into this step's first value
        if (threadIdx.x == 0) {
          row_buf[0] = row_buf[0] + block_total;
        }
      }
      __syncthreads();

      // Sklansky levels: at level m the upper half of every 2^(m+1)-wide group adds the
      // last value of its lower half
      for (unsigned m = 0; m <= log_num_threads_x; ++m) {
        if (row_exists) {
          const unsigned s = 1u << m;
          const unsigned a = ((threadIdx.x >> m) << (m + 1)) | s;
          const unsigned ti = a + (threadIdx.x % s);
          const unsigned si = a - 1;
          row_buf[ti] = row_buf[ti] + row_buf[si];
        }
        __syncthreads();
      }

      if (row_exists) {
        if (col1 < row_size) row_tgt[col1] = row_buf[threadIdx.x];
        if (col2 < row_size) row_tgt[col2] = row_buf[num_threads_x + threadIdx.x];
      }
      block_total = row_buf[2 * num_threads_x - 1];
      __syncthreads();
    }
  }
}
