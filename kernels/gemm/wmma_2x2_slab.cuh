// One staged K slab through a warp's 2x2 WMMA m16n16k8 TF32 fragments (a 32x32 tile of C): for
// each 8-deep step, two A fragments from As (the warp's rows wr * 32 + {0, 16}) and two B
// fragments from Bs (its columns wc * 32 + {0, 16}), four mma_sync into acc[2][2]. A statement
// fragment, included inside the K loop after the slab's barrier by kernels/gemm/wmma_tf32_gemm.cuh
// (problems/matmul, batched_gemm, matmul_tri: wmma_tf32) and tests/labelled/wmma_staged (issue
// 33: both wrote it out). The includer defines BK, AST, BST, the shared tiles As[..][AST] and
// Bs[BK][BST] (TF32-rounded), wr, wc and the accumulators `acc`. The tokens are the ones the
// kernels had, so the code is the same, and each instruction keeps a line of its own (here) for
// PC sampling. No include guard; the text keeps the loop body's indentation.
// clang-format off
#pragma unroll
    for (int kk = 0; kk < BK; kk += 8) {
      wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> a[2];
      wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::row_major> b[2];
#pragma unroll
      for (int i = 0; i < 2; ++i) wmma::load_matrix_sync(a[i], &As[wr * 32 + i * 16][kk], AST);
#pragma unroll
      for (int j = 0; j < 2; ++j) wmma::load_matrix_sync(b[j], &Bs[kk][wc * 32 + j * 16], BST);
#pragma unroll
      for (int i = 0; i < 2; ++i)
#pragma unroll
        for (int j = 0; j < 2; ++j) wmma::mma_sync(acc[i][j], a[i], b[j], acc[i][j]);
    }
// clang-format on
