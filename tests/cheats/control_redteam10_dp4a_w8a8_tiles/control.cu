// control_redteam10_dp4a_w8a8_tiles child (honest, faster): a W8A8 GEMM on the dp4a pipe,
// C = diag(sa) (A B^T) diag(sb), A and B int8 packed four to a word in i32 buffers. The words
// are staged in shared-memory tiles and multiplied by dp4a into int32 (kernels/int8/
// dp4a_tile_gemm.cuh, the tile loop redteam10_dp4a_beside_index uses on words it narrowed
// from floats); the float scales touch only the epilogue. A fix of that cheat (dp4a operands
// held to the same provenance as integer MMAs) must keep this: its words come from the
// problem's integer buffers, through shared memory, never from a float.
#include <dp4a_tile_gemm.cuh>

extern "C" __global__ void __launch_bounds__(256)
    w8a8_dp4a_tiles(const int* A, const int* B, const float* sa, const float* sb, float* C, int M,
                    int N, int K4) {
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int m0 = blockIdx.y * 64, n0 = blockIdx.x * 64;
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
