// corpus_fresh18: tsparse_spmm_sum -- PyTorch Sparse (rusty1s/pytorch_sparse), csrc/cuda/spmm_cuda.cu:
// spmm_kernel<float, SUM, HAS_VALUE = true>, the CSR sparse-dense product behind
// `SparseTensor @ x` / `torch_sparse.matmul(adj_t, x, reduce="sum")` in PyG's GCN-style message
// passing. One warp per sparse row: the warp reads 32 column indices and values at a time
// (coalesced), broadcasts them lane to lane with shuffles, then every lane gathers its column of
// the 32 referenced dense rows (each a 128-byte line of `mat`) and accumulates. Rewritten for the
// problem format (see README.md): the template fixed to float, SUM and a value array, extern "C";
// the unused arg_out pointer (MIN/MAX only) dropped; the loops, shuffles, index arithmetic (int,
// as the origin) and launch as the origin's.

#define FULL_MASK 0xffffffffu

extern "C" __global__ void spmm_kernel(const long long* rowptr_data, const long long* col_data,
                                       const float* value_data, const float* mat_data, float* out_data,
                                       int B, int M, int N, int K) {
  // blockIdx.y only selects a 32-column slice of `mat`; rows are spread over blockIdx.x.
  int thread_idx = blockDim.x * blockIdx.x + threadIdx.x;

  int row = thread_idx >> 5;             // one warp per sparse row
  int lane_idx = thread_idx & (32 - 1);  // the lane's column within the slice
  int batch_idx = row / M;

  int mat_col_idx = lane_idx + (blockIdx.y << 5);
  int out_idx = row * K + mat_col_idx;

  // per-lane copies of the 32 row offsets and values of the current chunk
  int mat_row, mat_rows[32];
  float val, vals[32];

  // lanes past the last column of `mat` neither gather nor write
  int leftover = K - (blockIdx.y << 5);

  if (batch_idx < B) {
    int row_start = __ldg(rowptr_data + (row % M));
    int row_end = __ldg(rowptr_data + (row % M) + 1);
    int col_idx = row_start + lane_idx;

    float result = 0.0f;

    // 32 nonzeros of the row per pass, one per lane
    for (int c = row_start; c < row_end; c += 32) {
      if (col_idx < row_end) {
        mat_row = __ldg(col_data + col_idx) * K;
        val = __ldg(value_data + col_idx);
      } else {
        mat_row = -1;
        val = 0.0f;
      }
      col_idx += 32;

#pragma unroll
      for (int i = 0; i < 32; i++) {
        mat_rows[i] = __shfl_sync(FULL_MASK, mat_row, i);
        vals[i] = __shfl_sync(FULL_MASK, val, i);
      }

#pragma unroll
      for (int i = 0; i < 32; i++) {
        if (lane_idx < leftover && mat_rows[i] != -1) {
          // the warp reads one 128-byte line of `mat` (32 consecutive floats)
          val = __ldg(mat_data + batch_idx * N * K + mat_rows[i] + mat_col_idx);
          val = vals[i] * val;
          result = result + val;
        }
      }
    }

    if (lane_idx < leftover) {
      out_data[out_idx] = result;
    }
  }
}
