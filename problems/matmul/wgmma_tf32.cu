// First Hopper step: TF32 warpgroup MMA (wgmma.mma_async m64n128k8), no pipeline. A 256-thread
// block (two warpgroups) computes a 128x128 tile of C. Each K-slab of 32 is copied with cp.async
// (all threads), waited for, then consumed: the copy and the tensor cores never overlap, which
// is what the next variant fixes.
//
// wgmma computes D = C^T (rows n, columns m): B^T is its register operand, gathered from B's
// row-major shared-memory tile, and A (K contiguous) is its shared-memory operand, staged in the
// 128-byte-swizzled K-major layout (include/wgmma_tf32_ops.cuh says why). Each warpgroup owns
// 64 n-rows; its 64 accumulators per thread are the transposed 64x128 block.
// Requires M, N multiples of 128 and K a multiple of 32 (constraints in problem.yaml).
#include "wgmma_tf32_ops.cuh"

#define BM 128       // m extent of the tile (wgmma N)
#define BN 128       // n extent (2 warpgroups x wgmma M = 64)
#define BK 32        // one 128-byte swizzled row of A per m
#define BST (BN + 8) // B row stride: fragment gathers hit 32 distinct banks

extern "C" __global__ void __launch_bounds__(256, 1)
    matmul_wgmma_tf32(const float* __restrict__ A, const float* __restrict__ B,
                      float* __restrict__ C, int M, int N, int K) {
  __shared__ __align__(1024) float As[BM * BK];  // swizzled [m][k]
  __shared__ __align__(16) float Bs[BK * BST];   // [k][n], padded
  const int tid = threadIdx.x;
  const int wg = tid >> 7, w = (tid >> 5) & 3, lane = tid & 31;
  const int g = lane >> 2, t = lane & 3;
  const int m0 = blockIdx.y * BM, n0 = blockIdx.x * BN;
  const uint32_t as = smem_u32(As), bs = smem_u32(Bs);

  float acc[BM / 2];
#pragma unroll
  for (int i = 0; i < BM / 2; ++i) acc[i] = 0.0f;

  const int nrow = wg * 64 + w * 16 + g;  // this thread's first n-row of D
  for (int k0 = 0; k0 < K; k0 += BK) {
#pragma unroll
    for (int i = 0; i < 4; ++i) {  // A: 128 rows x 8 chunks; B: 32 rows x 32 chunks
      const int idx = tid + i * 256;
      const int r = idx >> 3, c = idx & 7;
      cp_async16_u32(as + sw128_offset(r, c), A + (size_t)(m0 + r) * K + k0 + c * 4);
      const int kr = idx >> 5, bc = idx & 31;
      cp_async16_u32(bs + (kr * BST + bc * 4) * 4, B + (size_t)(k0 + kr) * N + n0 + bc * 4);
    }
    cp_async_commit();
    cp_async_wait<0>();
    // cp.async writes through the generic proxy; wgmma reads shared memory through the async one.
    asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
    __syncthreads();

    uint32_t a[BK / 8][4];
#pragma unroll
    for (int kk = 0; kk < BK / 8; ++kk) {
      const float* b = Bs + (kk * 8 + t) * BST + nrow;
      a[kk][0] = to_tf32(b[0]);
      a[kk][1] = to_tf32(b[8]);
      a[kk][2] = to_tf32(b[4 * BST]);
      a[kk][3] = to_tf32(b[4 * BST + 8]);
    }
#pragma unroll
    for (int i = 0; i < BM / 2; ++i) fence_acc(acc[i]);
    wgmma_fence();
#pragma unroll
    for (int kk = 0; kk < BK / 8; ++kk) wgmma_m64n128k8_tf32_rs(acc, a[kk], sw128_desc(As + kk * 8), 1);
    wgmma_commit();
    wgmma_wait<0>();
#pragma unroll
    for (int i = 0; i < BM / 2; ++i) fence_acc(acc[i]);
#pragma unroll
    for (int kk = 0; kk < BK / 8; ++kk) fence_frag(a[kk]);
    __syncthreads();  // every warpgroup is done with this slab before it is overwritten
  }

  // acc[4j + {0,1,2,3}] = D[g, 8j+2t], D[g, 8j+2t+1], D[g+8, 8j+2t], D[g+8, 8j+2t+1]; C = D^T.
#pragma unroll
  for (int j = 0; j < BM / 8; ++j) {
    float* c = C + (size_t)(m0 + 8 * j + 2 * t) * N + n0 + nrow;
    c[0] = acc[4 * j];
    c[N] = acc[4 * j + 1];
    c[8] = acc[4 * j + 2];
    c[N + 8] = acc[4 * j + 3];
  }
}
