// Double-buffered cp.async pipeline over the register-tiled kernel: while the block computes on
// one shared-memory stage, the next K-slab streams global->shared with cp.async (no register
// round trip), so load latency hides behind the FMAs. 128x128 block tile, BK = 16, 256 threads,
// 8x8 outputs per thread (rows tRow*4+{0..3} and 64+tRow*4+{0..3}, columns likewise).
// A stays row-major in shared memory (cp.async cannot transpose); rows are padded to 20 floats
// so the two row addresses a warp reads per float4 load land 16 banks apart.
// Requires M, N multiples of 128 and K a multiple of 16 (constraints in problem.yaml).
// The including file names the kernel (GEMM_ENTRY) and defines GEMM_BATCHED for torch.bmm's
// layout (blockIdx.z the batch); the body is the same for matmul, matmul_1024 and batched_gemm.
#define BM 128
#define BN 128
#define BK 16
#define AST (BK + 4)  // As row stride in floats (80 bytes: keeps 16-byte cp.async alignment)

#include "cp_async_cg.cuh"  // cp_async16, cp_async_commit, cp_async_wait_1

extern "C" __global__ void __launch_bounds__(256, 2)
    GEMM_ENTRY(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
               int M, int N, int K) {
#ifdef GEMM_BATCHED
  // torch.bmm: blockIdx.z is the batch; each batch is a contiguous M x K, K x N, M x N matrix.
  A += (size_t)blockIdx.z * M * K;
  B += (size_t)blockIdx.z * K * N;
  C += (size_t)blockIdx.z * M * N;
#endif
  __shared__ __align__(16) float As[2][BM][AST];  // As[stage][m][k]
  __shared__ __align__(16) float Bs[2][BK][BN];   // Bs[stage][k][n]
  const int tid = threadIdx.x;
  const int tRow = tid >> 4, tCol = tid & 15;
  const int bRow = blockIdx.y * BM, bCol = blockIdx.x * BN;

  // Each stage is 512 float4 of A (128 rows x 4) and 512 of B (16 rows x 32): two each.
  auto load_stage = [&](int stage, int k0) {
#pragma unroll
    for (int r = 0; r < 2; ++r) {
      const int idx = tid + r * 256;
      const int am = idx >> 2, ak = (idx & 3) * 4;
      const int bk = idx >> 5, bn = (idx & 31) * 4;
      // 32-bit element offsets (the spec's sizes keep them below 2^31): fewer live registers
      // than 64-bit pointers, which keeps the kernel inside 128 registers without spills.
      cp_async16(&As[stage][am][ak], A + ((bRow + am) * K + k0 + ak));
      cp_async16(&Bs[stage][bk][bn], B + ((k0 + bk) * N + bCol + bn));
    }
  };

  float acc[8][8];
#pragma unroll
  for (int i = 0; i < 8; ++i)
#pragma unroll
    for (int j = 0; j < 8; ++j) acc[i][j] = 0.0f;

  const int tiles = K / BK;
  load_stage(0, 0);
  cp_async_commit();
  for (int t = 0; t < tiles; ++t) {
    const int s = t & 1;
    // Stage s^1 was last read in iteration t-1, which ended with a barrier: safe to refill.
    if (t + 1 < tiles) load_stage(s ^ 1, (t + 1) * BK);
    cp_async_commit();  // an empty group on the last tile keeps "wait_group 1" exact
    cp_async_wait_1();  // all groups but the newest are complete: tile t has landed
    __syncthreads();
#pragma unroll
    for (int kq = 0; kq < BK; kq += 4) {
      // One float4 along k per A row feeds four k steps; the 8 rows go in two halves of 4 so
      // that 64 accumulators + operands fit the 128-register budget of 2 blocks per SM.
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        float4 a4[4];
#pragma unroll
        for (int i = 0; i < 4; ++i)
          a4[i] = *reinterpret_cast<const float4*>(&As[s][h * 64 + tRow * 4 + i][kq]);
#pragma unroll
        for (int kk = 0; kk < 4; ++kk) {
          const float4 b0 = *reinterpret_cast<const float4*>(&Bs[s][kq + kk][tCol * 4]);
          const float4 b1 = *reinterpret_cast<const float4*>(&Bs[s][kq + kk][64 + tCol * 4]);
          const float br[8] = {b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w};
#pragma unroll
          for (int i = 0; i < 4; ++i) {
            const float ai = kk == 0 ? a4[i].x : kk == 1 ? a4[i].y : kk == 2 ? a4[i].z : a4[i].w;
#pragma unroll
            for (int j = 0; j < 8; ++j) acc[h * 4 + i][j] = fmaf(ai, br[j], acc[h * 4 + i][j]);
          }
        }
      }
    }
    __syncthreads();
  }

#pragma unroll
  for (int i = 0; i < 8; ++i) {
    const int row = bRow + (i >> 2) * 64 + tRow * 4 + (i & 3);
    float* Cr = C + (size_t)row * N + bCol;
    *reinterpret_cast<float4*>(Cr + tCol * 4) =
        make_float4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]);
    *reinterpret_cast<float4*>(Cr + 64 + tCol * 4) =
        make_float4(acc[i][4], acc[i][5], acc[i][6], acc[i][7]);
  }
}
