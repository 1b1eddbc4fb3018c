// probe_c29c: pt_cumsum_innermost with its shared buffer padded by one float per 32 (index i
// stored at i + i / 32), so the Sklansky levels with s < 32 hit 32 distinct banks. Otherwise the
// seed's kernel (tests/corpus_fresh17/pt_cumsum_innermost/kernel.cu): the same loads, levels,
// barriers and order of additions. Dynamic shared memory: 2 x 512 + 32 floats = 4224 bytes.

__device__ __forceinline__ unsigned pad(unsigned i) { return i + (i >> 5); }

extern "C" __global__ void cumsum_innermost_padded(float* tgt_, const float* src_,
                                                   const unsigned num_rows, const unsigned row_size,
                                                   const unsigned log_num_threads_x, float init) {
  extern __shared__ char sbuf[];
  const unsigned num_threads_x = 1u << log_num_threads_x;
  const unsigned span = 2 * num_threads_x + (2 * num_threads_x >> 5);
  float* row_buf = reinterpret_cast<float*>(sbuf) + span * threadIdx.y;

  for (unsigned block_row = blockIdx.x * blockDim.y; block_row < num_rows; block_row += blockDim.y * gridDim.x) {
    const unsigned row = block_row + threadIdx.y;
    const bool row_exists = row < num_rows;
    const float* row_src = src_ + row * row_size;
    float* row_tgt = tgt_ + row * row_size;
    float block_total = init;

    for (unsigned block_col = 0; block_col < row_size; block_col += 2 * num_threads_x) {
      const unsigned col1 = block_col + threadIdx.x;
      const unsigned col2 = block_col + num_threads_x + threadIdx.x;
      if (row_exists) {
        row_buf[pad(threadIdx.x)] = col1 < row_size ? row_src[col1] : init;
        row_buf[pad(num_threads_x + threadIdx.x)] = col2 < row_size ? row_src[col2] : init;
        if (threadIdx.x == 0) {
          row_buf[0] = row_buf[0] + block_total;
        }
      }
      __syncthreads();

      for (unsigned m = 0; m <= log_num_threads_x; ++m) {
        if (row_exists) {
          const unsigned s = 1u << m;
          const unsigned a = ((threadIdx.x >> m) << (m + 1)) | s;
          const unsigned ti = a + (threadIdx.x % s);
          const unsigned si = a - 1;
          row_buf[pad(ti)] = row_buf[pad(ti)] + row_buf[pad(si)];
        }
        __syncthreads();
      }

      if (row_exists) {
        if (col1 < row_size) row_tgt[col1] = row_buf[pad(threadIdx.x)];
        if (col2 < row_size) row_tgt[col2] = row_buf[pad(num_threads_x + threadIdx.x)];
      }
      block_total = row_buf[pad(2 * num_threads_x - 1)];
      __syncthreads();
    }
  }
}
