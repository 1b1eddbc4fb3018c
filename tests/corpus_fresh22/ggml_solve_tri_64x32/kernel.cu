// corpus_fresh22: ggml_solve_tri_64x32 -- llama.cpp (ggml-org/llama.cpp),
// ggml/src/ggml-cuda/solve_tri.cu: solve_tri_f32_fast<n = 64, k = 32>, GGML_OP_SOLVE_TRI's fast
// path (forward substitution L X = B for a batch of lower-triangular 64 x 64 systems with 32
// right-hand sides, as the chunked delta-net attention of Qwen3-Next / Kimi-linear layers uses it).
// One block per system, one warp per right-hand side: A and B staged in shared memory, then 64
// rows in order -- each a strided dot product of the row of A with the solved part of the warp's
// column of X (lanes over j), a shuffle tree, lane 0's division by the diagonal, a block barrier.
// Rewritten for the problem format (see README.md): n, k fixed, extern "C", fast_div_modulo on
// the batch index written as a plain division (ne02 is a kernel argument here), warp_reduce_sum
// as five __shfl_xor_sync steps; the staging loops, the row loop, the barriers and the launch as
// the origin's.

#define ST_N 64
#define ST_K 32
#define ST_WARP 32

extern "C" __global__ void solve_tri_f32_fast(const float* __restrict__ A,
                                              const float* __restrict__ B, float* __restrict__ X,
                                              const int ne02, const long long nb02,
                                              const long long nb03, const long long nb12,
                                              const long long nb13, const long long nb2,
                                              const long long nb3) {
  const int batch_idx = blockIdx.x;
  const int lane = threadIdx.x;
  const int col_idx = threadIdx.y;

  // a block is one system, warp y solves column y
  if (col_idx >= ST_K) return;

  const long long i02 = batch_idx % ne02;
  const long long i03 = batch_idx / ne02;

  const float* const A_batch = (const float*)((const char*)A + i02 * nb02 + i03 * nb03);
  const float* const B_batch = (const float*)((const char*)B + i02 * nb12 + i03 * nb13);
  float* X_batch = (float*)((char*)X + i02 * nb2 + i03 * nb3);

  __shared__ float sA[ST_N * ST_N];
  __shared__ float sX[ST_N * ST_K];

  const int offset = threadIdx.x + threadIdx.y * blockDim.x;
  // stage A (the whole square: the loop below reads the lower triangle and the diagonal)
  for (int i = 0; i < ST_N * ST_N; i += ST_K * ST_WARP) sA[i + offset] = A_batch[i + offset];
  // stage B, row-major n x k, in place of X
  for (int i = 0; i < ST_N * ST_K; i += ST_K * ST_WARP) sX[i + offset] = B_batch[i + offset];
  __syncthreads();

  for (int row = 0; row < ST_N; ++row) {
    float sum = 0.0f;
    // lanes over the solved unknowns j < row; sX[j * k + col_idx] is column col_idx of X
    for (int j = lane; j < row; j += ST_WARP) sum += sA[row * ST_N + j] * sX[j * ST_K + col_idx];
#pragma unroll
    for (int off = ST_WARP / 2; off > 0; off >>= 1) sum += __shfl_xor_sync(0xffffffffu, sum, off);
    if (lane == 0) {
      const float b_val = sX[row * ST_K + col_idx];
      const float a_diag = sA[row * ST_N + row];
      if (a_diag != 0.0f)
        sX[row * ST_K + col_idx] = (b_val - sum) / a_diag;
      else
        sX[row * ST_K + col_idx] = 0.0f;
    }
    // the next row reads this one's result
    __syncthreads();
  }

#pragma unroll
  for (int i = 0; i < ST_N * ST_K; i += ST_K * ST_WARP) X_batch[i + offset] = sX[i + offset];
}
