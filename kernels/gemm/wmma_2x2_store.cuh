// Stores a warp's 2x2 WMMA accumulators (wmma_2x2_slab.cuh) as its 32x32 tile of row-major C
// (leading dimension N) at rows bRow + wr * 32, columns bCol + wc * 32. A statement fragment,
// included at the end of the kernel body by kernels/gemm/wmma_tf32_gemm.cuh and
// tests/labelled/wmma_staged (issue 33); the same tokens as the kernels wrote out. No include
// guard; the text keeps the body's indentation.
// clang-format off
#pragma unroll
  for (int i = 0; i < 2; ++i)
#pragma unroll
    for (int j = 0; j < 2; ++j)
      wmma::store_matrix_sync(C + (size_t)(bRow + wr * 32 + i * 16) * N + bCol + wc * 32 + j * 16,
                              acc[i][j], N, wmma::mem_row_major);
// clang-format on
