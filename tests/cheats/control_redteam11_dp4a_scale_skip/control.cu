// control_redteam11_dp4a_scale_skip child (honest, faster): control_redteam10_dp4a_w8a8_tiles'
// W8A8 GEMM on the dp4a pipe, C = diag(sa) (A B^T) diag(sb), with a pruned-tile skip: a block
// whose 64 row scales of A or 64 column scales of B are all zero writes a zero tile and returns
// before staging a word (structured pruning stores a zero scale for a pruned row). The skip is
// a float compare and a branch (`setp.neu.f32`, `bar.red.or.pred`, `@%p bra`), and every dp4a
// operand is loaded after it: a fix of redteam11_branch_narrow_dp4a (control flow carrying a
// float taint) must follow what reaches a join from two sides, not taint every register written
// after a float-guarded branch, or it refuses this honest kernel. Its words are the problem's
// own int8 (i32 buffers of packed bytes), staged in shared memory, multiplied exactly into
// int32; the float scales touch only the epilogue.
#include <dp4a_tile_gemm.cuh>

extern "C" __global__ void __launch_bounds__(256)
    w8a8_dp4a_skip(const int* A, const int* B, const float* sa, const float* sb, float* C, int M,
                   int N, int K4) {
  const int tx = threadIdx.x, ty = threadIdx.y, t = ty * 16 + tx;
  const int m0 = blockIdx.y * 64, n0 = blockIdx.x * 64;
  // Block-uniform: is any row of this tile of A, and any column of B, unpruned?
  const bool live_a = __syncthreads_or(t < 64 && sa[m0 + t] != 0.f);
  const bool live_b = __syncthreads_or(t < 64 && sb[n0 + t] != 0.f);
  if (!live_a || !live_b) {
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
      for (int j = 0; j < 4; ++j) C[(size_t)(m0 + ty * 4 + i) * N + n0 + tx * 4 + j] = 0.f;
    return;
  }
  const int* a = A + (size_t)m0 * K4;
  const int* b = B + (size_t)n0 * K4;
  int acc[4][4] = {};
  dp4a_tile_64(
      K4, [&](int r, int w) { return __ldg(a + (size_t)r * K4 + w); },
      [&](int r, int w) { return __ldg(b + (size_t)r * K4 + w); }, acc);
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j)
      C[(size_t)(m0 + ty * 4 + i) * N + n0 + tx * 4 + j] =
          (float)acc[i][j] * sa[m0 + ty * 4 + i] * sb[n0 + tx * 4 + j];
}
