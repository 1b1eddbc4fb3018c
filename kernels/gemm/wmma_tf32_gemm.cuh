// TF32 tensor cores through WMMA (m16n16k8) on the shared-memory tiled scheme: a 128-thread
// block (2x2 warps) computes a 64x64 tile of C, each warp 32x32 as 2x2 accumulator fragments,
// over K-slabs of 32 staged in shared memory. Operands are rounded to TF32 once, when they are
// written to shared memory, so fragments load ready-made TF32 values.
// Row strides of 36 and 68 floats keep every fragment pointer 32-byte aligned (WMMA's rule) and
// the ldm values multiples of 4. Requires M, N multiples of 64 and K a multiple of 32.
// The including file names the kernel (GEMM_ENTRY) and defines GEMM_BATCHED for torch.bmm's
// layout (blockIdx.z the batch); the body is the same for matmul and batched_gemm (issue 33).
// GEMM_TRI is matmul_tri's C = triu(triu(A) . triu(B)) (square N, N % 64 == 0): blocks wholly
// below the diagonal write zeros; the others walk k from their first row to their last column.
// triu(A) and triu(B) are masked as they are staged (rounded to TF32 there too), so in a
// diagonal tile the lower elements accumulate exact zeros.
#include <mma.h>
using namespace nvcuda;

#define BM 64
#define BN 64
#define BK 32
#define AST (BK + 4)
#define BST (BN + 4)

extern "C" __global__ void __launch_bounds__(128)
#ifdef GEMM_TRI
    GEMM_ENTRY(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
               int N) {
#else
    GEMM_ENTRY(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
               int M, int N, int K) {
#endif
#ifdef GEMM_BATCHED
  // torch.bmm: blockIdx.z is the batch; each batch is a contiguous M x K, K x N, M x N matrix.
  A += (size_t)blockIdx.z * M * K;
  B += (size_t)blockIdx.z * K * N;
  C += (size_t)blockIdx.z * M * N;
#endif
  __shared__ __align__(128) float As[BM][AST];
  __shared__ __align__(128) float Bs[BK][BST];
  const int tid = threadIdx.x;
  const int warp = tid >> 5;
  const int wr = warp >> 1, wc = warp & 1;  // warp's 32x32 sub-tile
  const int bRow = blockIdx.y * BM, bCol = blockIdx.x * BN;
#ifdef GEMM_TRI
  if (bRow > bCol + BN - 1) {  // 64x64 zeros: 1024 float4, eight per thread
    const float4 z = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
    for (int r = 0; r < 8; ++r) {
      const int idx = tid + r * 128;
      *reinterpret_cast<float4*>(C + (size_t)(bRow + (idx >> 4)) * N + bCol + (idx & 15) * 4) = z;
    }
    return;
  }
#endif

  wmma::fragment<wmma::accumulator, 16, 16, 8, float> acc[2][2];
#pragma unroll
  for (int i = 0; i < 2; ++i)
#pragma unroll
    for (int j = 0; j < 2; ++j) wmma::fill_fragment(acc[i][j], 0.0f);

#ifdef GEMM_TRI
  for (int k0 = bRow; k0 < bCol + BN; k0 += BK) {
#else
  for (int k0 = 0; k0 < K; k0 += BK) {
#endif
    // A slab 64x32 and B slab 32x64 are 512 float4 each: four per thread.
#pragma unroll
    for (int r = 0; r < 4; ++r) {
      const int idx = tid + r * 128;
      const int am = idx >> 3, ak = (idx & 7) * 4;
#ifdef GEMM_TRI
      const int gr = bRow + am, ka = k0 + ak;
      float4 a = *reinterpret_cast<const float4*>(A + (size_t)gr * N + ka);
      a.x = ka + 0 >= gr ? wmma::__float_to_tf32(a.x) : 0.0f;
      a.y = ka + 1 >= gr ? wmma::__float_to_tf32(a.y) : 0.0f;
      a.z = ka + 2 >= gr ? wmma::__float_to_tf32(a.z) : 0.0f;
      a.w = ka + 3 >= gr ? wmma::__float_to_tf32(a.w) : 0.0f;
#else
      float4 a = *reinterpret_cast<const float4*>(A + (size_t)(bRow + am) * K + k0 + ak);
      a.x = wmma::__float_to_tf32(a.x);
      a.y = wmma::__float_to_tf32(a.y);
      a.z = wmma::__float_to_tf32(a.z);
      a.w = wmma::__float_to_tf32(a.w);
#endif
      *reinterpret_cast<float4*>(&As[am][ak]) = a;
      const int bk = idx >> 4, bn = (idx & 15) * 4;
#ifdef GEMM_TRI
      const int kb = k0 + bk, gc = bCol + bn;
      float4 b = *reinterpret_cast<const float4*>(B + (size_t)kb * N + gc);
      b.x = kb <= gc + 0 ? wmma::__float_to_tf32(b.x) : 0.0f;
      b.y = kb <= gc + 1 ? wmma::__float_to_tf32(b.y) : 0.0f;
      b.z = kb <= gc + 2 ? wmma::__float_to_tf32(b.z) : 0.0f;
      b.w = kb <= gc + 3 ? wmma::__float_to_tf32(b.w) : 0.0f;
#else
      float4 b = *reinterpret_cast<const float4*>(B + (size_t)(k0 + bk) * N + bCol + bn);
      b.x = wmma::__float_to_tf32(b.x);
      b.y = wmma::__float_to_tf32(b.y);
      b.z = wmma::__float_to_tf32(b.z);
      b.w = wmma::__float_to_tf32(b.w);
#endif
      *reinterpret_cast<float4*>(&Bs[bk][bn]) = b;
    }
    __syncthreads();
#include "wmma_2x2_slab.cuh"  // the warp's 2x2 m16n16k8 TF32 fragments over the slab
    __syncthreads();
  }

#include "wmma_2x2_store.cuh"  // the warp's 32x32 of C
}
