// The pre-Hopper way to use tensor cores well: 64x128 tiles of C per block, K-slabs of A and B
// staged in shared memory with coalesced float4 loads (rounded to TF32 once, on the way in),
// 8 warps each computing 32x32 as 2x2 WMMA m16n16k8 fragments (128 registers: 2 blocks, 16
// warps per SM). Every operand byte is loaded from global once per tile, so DRAM and L2 are
// not the limit; what is left on the table is the Hopper path: warpgroup MMA (wgmma) reading
// operands from shared memory, fed by TMA and multi-stage pipelines, which mma.sync cannot
// reach. Staging is conflict-free, so the shared-memory pipe is not what binds: the slabs are
// written as float4 (a quarter-warp stores 128 contiguous bytes per phase) and the row strides
// of 36 and 136 floats (36 = 4 mod 32, 136 = 8 mod 32) put the 32 lanes of a TF32 A fragment
// load (row g, column t of a 8 x 4 lane grid: bank 4g + t) and of a B fragment load (row t,
// column g: bank 8t + g) on 32 different banks, with fragment pointers 32-byte aligned.
// (A stride of 132 had the B loads 2-way and the scalar staging stores 4-way conflicted:
// 5.4 conflicts per shared request on the H200, docs/results/h200-2026-12-01b.)
#include <mma.h>
using namespace nvcuda;

#define BM 64
#define BN 128
#define BK 32
#define AST (BK + 4)
#define BST (BN + 8)

extern "C" __global__ void __launch_bounds__(256)
    wmma_smem(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
              int M, int N, int K) {
  __shared__ __align__(128) float As[BM][AST];
  __shared__ __align__(128) float Bs[BK][BST];
  const int tid = threadIdx.x, warp = tid >> 5;
  const int wr = warp >> 2, wc = warp & 3;  // 2 x 4 warps, each 32 rows x 32 columns
  const int bRow = blockIdx.y * BM, bCol = blockIdx.x * BN;
  wmma::fragment<wmma::accumulator, 16, 16, 8, float> acc[2][2];
#pragma unroll
  for (int i = 0; i < 2; ++i)
#pragma unroll
    for (int j = 0; j < 2; ++j) wmma::fill_fragment(acc[i][j], 0.0f);

  for (int k0 = 0; k0 < K; k0 += BK) {
#pragma unroll
    for (int r = 0; r < 2; ++r) {  // A slab: 64 rows x 8 float4
      const int idx = tid + r * 256;
      const int am = idx >> 3, ak = (idx & 7) * 4;
      float4 a = *reinterpret_cast<const float4*>(A + (size_t)(bRow + am) * K + k0 + ak);
      *reinterpret_cast<float4*>(&As[am][ak]) =
          make_float4(wmma::__float_to_tf32(a.x), wmma::__float_to_tf32(a.y), wmma::__float_to_tf32(a.z),
                      wmma::__float_to_tf32(a.w));
    }
#pragma unroll
    for (int r = 0; r < 4; ++r) {  // B slab: 32 rows x 32 float4
      const int idx = tid + r * 256;
      const int bk = idx >> 5, bn = (idx & 31) * 4;
      float4 b = *reinterpret_cast<const float4*>(B + (size_t)(k0 + bk) * N + bCol + bn);
      *reinterpret_cast<float4*>(&Bs[bk][bn]) =
          make_float4(wmma::__float_to_tf32(b.x), wmma::__float_to_tf32(b.y), wmma::__float_to_tf32(b.z),
                      wmma::__float_to_tf32(b.w));
    }
    __syncthreads();
#include <wmma_2x2_slab.cuh>  // the warp's 2x2 m16n16k8 TF32 fragments over the slab
    __syncthreads();
  }
#include <wmma_2x2_store.cuh>  // the warp's 32x32 of C
}
