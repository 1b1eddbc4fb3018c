// The 8x8 register tile's main loop, shared by the whole-kernel regtile_gemm.cuh (matmul,
// batched_gemm, matmul_tri) and problems/decoder_block's gemm_regtile_body (issue 33: the
// decoder block carried a copy). A statement fragment, not a function: the including kernel
// writes `#include <regtile_mainloop.cuh>` where its accumulators are declared. The tokens are
// the ones the kernels wrote out (the same code), and each instruction keeps a line of its own
// (here) for PC sampling, where a macro would put the whole loop on the including line.
// It declares `float acc[8][8]`, zeroes it, and runs the K loop: each BK-slab stages A
// transposed (As[k][m]) and B (Bs[k][n]) in shared memory, then every thread adds the outer
// products of its 8 rows (tRow*4+{0..3}, 64+tRow*4+{0..3}) and 8 columns (tCol likewise).
// The includer defines BK, the shared tiles As and Bs, tRow, tCol and the loader coordinates
// (aRow, aK, bK, bN), and Ap, Bp (A and B at the thread's first float4), K and N; with GEMM_TRI
// it walks matmul_tri's triangle instead (bRow, bCol, BN, gaRow, gbCol, A, B, N). No include
// guard: one inclusion per kernel body. The text keeps the indentation of the function body it
// stands in (clang-format would indent it as file scope).
// clang-format off
  float acc[8][8];
#pragma unroll
  for (int i = 0; i < 8; ++i)
#pragma unroll
    for (int j = 0; j < 8; ++j) acc[i][j] = 0.0f;

#ifdef GEMM_TRI
  for (int k0 = bRow; k0 < bCol + BN; k0 += BK) {
    const int ka = k0 + aK;
    const float4 a = *reinterpret_cast<const float4*>(A + (size_t)gaRow * N + ka);
    As[aK + 0][aRow] = ka + 0 >= gaRow ? a.x : 0.0f;
    As[aK + 1][aRow] = ka + 1 >= gaRow ? a.y : 0.0f;
    As[aK + 2][aRow] = ka + 2 >= gaRow ? a.z : 0.0f;
    As[aK + 3][aRow] = ka + 3 >= gaRow ? a.w : 0.0f;
    const int kb = k0 + bK;
    float4 b = *reinterpret_cast<const float4*>(B + (size_t)kb * N + gbCol);
    b.x = kb <= gbCol + 0 ? b.x : 0.0f;
    b.y = kb <= gbCol + 1 ? b.y : 0.0f;
    b.z = kb <= gbCol + 2 ? b.z : 0.0f;
    b.w = kb <= gbCol + 3 ? b.w : 0.0f;
    *reinterpret_cast<float4*>(&Bs[bK][bN]) = b;
#else
  for (int k0 = 0; k0 < K; k0 += BK) {
    const float4 a = *reinterpret_cast<const float4*>(Ap + k0);
    As[aK + 0][aRow] = a.x;
    As[aK + 1][aRow] = a.y;
    As[aK + 2][aRow] = a.z;
    As[aK + 3][aRow] = a.w;
    *reinterpret_cast<float4*>(&Bs[bK][bN]) = *reinterpret_cast<const float4*>(Bp + (size_t)k0 * N);
#endif
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BK; ++k) {
      const float4 a0 = *reinterpret_cast<const float4*>(&As[k][tRow * 4]);
      const float4 a1 = *reinterpret_cast<const float4*>(&As[k][64 + tRow * 4]);
      const float4 b0 = *reinterpret_cast<const float4*>(&Bs[k][tCol * 4]);
      const float4 b1 = *reinterpret_cast<const float4*>(&Bs[k][64 + tCol * 4]);
      const float ar[8] = {a0.x, a0.y, a0.z, a0.w, a1.x, a1.y, a1.z, a1.w};
      const float br[8] = {b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w};
#pragma unroll
      for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(ar[i], br[j], acc[i][j]);
    }
    __syncthreads();
  }
// clang-format on
