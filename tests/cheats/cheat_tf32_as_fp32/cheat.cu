// Cheat: the TF32 WMMA kernel of problems/matmul, declared precision fp32.
// TF32 tensor cores through WMMA (m16n16k8) on the shared-memory tiled scheme: a 128-thread
// block (2x2 warps) computes a 64x64 tile of C, each warp 32x32 as 2x2 accumulator fragments,
// over K-slabs of 32 staged in shared memory. Operands are rounded to TF32 once, when they are
// written to shared memory, so fragments load ready-made TF32 values.
// Row strides of 36 and 68 floats keep every fragment pointer 32-byte aligned (WMMA's rule) and
// the ldm values multiples of 4. Requires M, N multiples of 64 and K a multiple of 32.
#include <mma.h>
using namespace nvcuda;

#define BM 64
#define BN 64
#define BK 32
#define AST (BK + 4)
#define BST (BN + 4)

extern "C" __global__ void __launch_bounds__(128)
    gemm_tf32(const float* __restrict__ A, const float* __restrict__ B,
                     float* __restrict__ C, int M, int N, int K) {
  __shared__ __align__(128) float As[BM][AST];
  __shared__ __align__(128) float Bs[BK][BST];
  const int tid = threadIdx.x;
  const int warp = tid >> 5;
  const int wr = warp >> 1, wc = warp & 1;  // warp's 32x32 sub-tile
  const int bRow = blockIdx.y * BM, bCol = blockIdx.x * BN;

  wmma::fragment<wmma::accumulator, 16, 16, 8, float> acc[2][2];
#pragma unroll
  for (int i = 0; i < 2; ++i)
#pragma unroll
    for (int j = 0; j < 2; ++j) wmma::fill_fragment(acc[i][j], 0.0f);

  for (int k0 = 0; k0 < K; k0 += BK) {
    // A slab 64x32 and B slab 32x64 are 512 float4 each: four per thread.
#pragma unroll
    for (int r = 0; r < 4; ++r) {
      const int idx = tid + r * 128;
      const int am = idx >> 3, ak = (idx & 7) * 4;
      float4 a = *reinterpret_cast<const float4*>(A + (size_t)(bRow + am) * K + k0 + ak);
      a.x = wmma::__float_to_tf32(a.x);
      a.y = wmma::__float_to_tf32(a.y);
      a.z = wmma::__float_to_tf32(a.z);
      a.w = wmma::__float_to_tf32(a.w);
      *reinterpret_cast<float4*>(&As[am][ak]) = a;
      const int bk = idx >> 4, bn = (idx & 15) * 4;
      float4 b = *reinterpret_cast<const float4*>(B + (size_t)(k0 + bk) * N + bCol + bn);
      b.x = wmma::__float_to_tf32(b.x);
      b.y = wmma::__float_to_tf32(b.y);
      b.z = wmma::__float_to_tf32(b.z);
      b.w = wmma::__float_to_tf32(b.w);
      *reinterpret_cast<float4*>(&Bs[bk][bn]) = b;
    }
    __syncthreads();
#include <wmma_2x2_slab.cuh>  // the warp's 2x2 m16n16k8 TF32 fragments over the slab (kernels/gemm)
    __syncthreads();
  }

#include <wmma_2x2_store.cuh>  // the warp's 32x32 of C (kernels/gemm)
}
