// C = triu(triu(A) . triu(B)) (problems/matmul_tri) with problems/matmul's wgmma_tf32_tma
// design: the kernel library's TMA-fed, warp-specialised TF32 wgmma GEMM
// (kernels/gemm/wgmma_tf32_tma_gemm.cuh) with GEMM_TRI: k from the tile's row to its last
// column, tiles below the diagonal written as zeros, B masked in registers, A's diagonal blocks
// read from Ad (lower parts zeroed by this file's first launch, tri_diag_blocks). Issue 33: the
// pool's TF32 point was a WMMA kernel at 0.85x cuBLAS TF32's full GEMM (which does 6x the
// triangle's work); this one passed the live gate at all four points and ran 104.8 us against
// PyTorch's 364.9 us (probe_h33d). Elements below the diagonal sum no term and come out 0
// exactly, as the reference has them.
#include "tma_ops.cuh"
#include "wgmma_tf32_ops.cuh"

// Ad[i][kk] = A[i][d + kk] where d + kk >= i, else 0; d = i rounded down to BM: the diagonal
// block of row i's tile row, lower part zeroed.
extern "C" __global__ void tri_diag_blocks(const float* __restrict__ A, float* __restrict__ Ad,
                                           int N) {
  const size_t e = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= (size_t)N * BM) return;
  const int i = int(e / BM), kk = int(e % BM);
  const int k = (i / BM) * BM + kk;
  Ad[e] = k >= i ? A[(size_t)i * N + k] : 0.0f;
}

#define GEMM_ENTRY tri_wgmma_tma
#define GEMM_TRI
#include <wgmma_tf32_tma_gemm.cuh>
