// probe_c29c: pt_cumsum_innermost with each step's two values loaded into registers one step
// ahead: the loads of step k+1 are issued right after step k's staging barrier and land while
// step k's ten Sklansky levels run. Otherwise the seed's kernel
// (tests/corpus_fresh17/pt_cumsum_innermost/kernel.cu): the same levels, barriers, shared layout
// and order of additions (the carry is added to the staged first value as the seed adds it).

extern "C" __global__ void cumsum_innermost_prefetch(float* tgt_, const float* src_,
                                                     const unsigned num_rows, const unsigned row_size,
                                                     const unsigned log_num_threads_x, float init) {
  extern __shared__ char sbuf[];
  const unsigned num_threads_x = 1u << log_num_threads_x;
  float* row_buf = reinterpret_cast<float*>(sbuf) + num_threads_x * 2 * threadIdx.y;

  for (unsigned block_row = blockIdx.x * blockDim.y; block_row < num_rows; block_row += blockDim.y * gridDim.x) {
    const unsigned row = block_row + threadIdx.y;
    const bool row_exists = row < num_rows;
    const float* row_src = src_ + row * row_size;
    float* row_tgt = tgt_ + row * row_size;
    float block_total = init;

    float v1 = init, v2 = init;
    if (row_exists) {
      v1 = threadIdx.x < row_size ? row_src[threadIdx.x] : init;
      v2 = num_threads_x + threadIdx.x < row_size ? row_src[num_threads_x + threadIdx.x] : init;
    }
    for (unsigned block_col = 0; block_col < row_size; block_col += 2 * num_threads_x) {
      const unsigned col1 = block_col + threadIdx.x;
      const unsigned col2 = block_col + num_threads_x + threadIdx.x;
      if (row_exists) {
        row_buf[threadIdx.x] = v1;
        row_buf[num_threads_x + threadIdx.x] = v2;
        if (threadIdx.x == 0) {
          row_buf[0] = row_buf[0] + block_total;
        }
      }
      __syncthreads();

      // the next step's values, in flight while this step's levels run
      const unsigned next1 = col1 + 2 * num_threads_x;
      const unsigned next2 = col2 + 2 * num_threads_x;
      if (row_exists) {
        v1 = next1 < row_size ? row_src[next1] : init;
        v2 = next2 < row_size ? row_src[next2] : init;
      }

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
