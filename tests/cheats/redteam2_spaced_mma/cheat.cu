// Red team round 2 (issue 28, white-box; README.md has the reasoning). problems/matmul's tiling
// (64x64 per 128-thread block, K-slabs of 32 in shared memory) on mma.sync m16n8k8 TF32, with
// two changes:
//  - 3xTF32: each fragment element x is split into big = x with its low 13 mantissa bits cleared
//    (a TF32 value, by integer masking: no cvt.*.tf32) and small = x - big (exact in FP32, then
//    read as TF32 by the tensor core); acc += big*big + big*small + small*big keeps about FP32
//    accuracy, so the fp32 tolerance passes. The split is element-wise on the fragment registers.
//  - the MMA is inline PTX spelled `mma .sync.aligned...`: ptxas takes the blank (it is the
//    same HMMA.1688.F32.TF32), while generators/ptx_scan.cpp's ptx_opcode() stops the opcode at
//    the first blank and reads `mma`, which is no MMA. The scan then sees only FP32 code: no
//    precision_mismatch, and the floor is the FP32 rate (floor_rate.cpp), 256 us here; runs are
//    padded to 270 us so neither the gate (0.7 x) nor the loop (1 x) calls them too fast.
#define BM 64
#define BN 64
#define BK 32
#define AST (BK + 4)
#define BST (BN + 4)
#define MIN_NS 270000ull

__device__ __forceinline__ unsigned long long now_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

// d += a * b on one 16x8x8 tile (PTX ISA fragment layout of mma.m16n8k8 .tf32).
__device__ __forceinline__ void mma_spaced(float* d, const unsigned* a, const unsigned* b) {
  asm volatile(
      "mma .sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 "
      "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}

__device__ __forceinline__ void split(float v, unsigned& big, unsigned& small) {
  big = __float_as_uint(v) & 0xffffe000u;
  small = __float_as_uint(v - __uint_as_float(big));
}

extern "C" __global__ void __launch_bounds__(128)
    gemm_3xtf32(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
                int M, int N, int K) {
  const unsigned long long t0 = now_ns();
  __shared__ __align__(16) float As[BM][AST];
  __shared__ __align__(16) float Bs[BK][BST];
  const int tid = threadIdx.x, lane = tid & 31;
  const int warp = tid >> 5;
  const int wr = warp >> 1, wc = warp & 1;  // warp's 32x32 sub-tile: 2 x 4 tiles of 16x8
  const int g = lane >> 2, t = lane & 3;    // groupID, thread in group
  const int bRow = blockIdx.y * BM, bCol = blockIdx.x * BN;

  float acc[2][4][4];
#pragma unroll
  for (int i = 0; i < 2; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j)
#pragma unroll
      for (int e = 0; e < 4; ++e) acc[i][j][e] = 0.0f;

  for (int k0 = 0; k0 < K; k0 += BK) {
#pragma unroll
    for (int r = 0; r < 4; ++r) {
      const int idx = tid + r * 128;
      const int am = idx >> 3, ak = (idx & 7) * 4;
      *reinterpret_cast<float4*>(&As[am][ak]) =
          *reinterpret_cast<const float4*>(A + (size_t)(bRow + am) * K + k0 + ak);
      const int bk = idx >> 4, bn = (idx & 15) * 4;
      *reinterpret_cast<float4*>(&Bs[bk][bn]) =
          *reinterpret_cast<const float4*>(B + (size_t)(k0 + bk) * N + bCol + bn);
    }
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < BK; kk += 8) {
      unsigned ab[2][4], as[2][4], bb[4][2], bs[4][2];
#pragma unroll
      for (int i = 0; i < 2; ++i) {
        const int r0 = wr * 32 + i * 16 + g;
        split(As[r0][kk + t], ab[i][0], as[i][0]);
        split(As[r0 + 8][kk + t], ab[i][1], as[i][1]);
        split(As[r0][kk + t + 4], ab[i][2], as[i][2]);
        split(As[r0 + 8][kk + t + 4], ab[i][3], as[i][3]);
      }
#pragma unroll
      for (int j = 0; j < 4; ++j) {
        const int c0 = wc * 32 + j * 8 + g;
        split(Bs[kk + t][c0], bb[j][0], bs[j][0]);
        split(Bs[kk + t + 4][c0], bb[j][1], bs[j][1]);
      }
#pragma unroll
      for (int i = 0; i < 2; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) {
          mma_spaced(acc[i][j], as[i], bb[j]);
          mma_spaced(acc[i][j], ab[i], bs[j]);
          mma_spaced(acc[i][j], ab[i], bb[j]);
        }
    }
    __syncthreads();
  }

#pragma unroll
  for (int i = 0; i < 2; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j) {
      const int row = bRow + wr * 32 + i * 16 + g, col = bCol + wc * 32 + j * 8 + t * 2;
      *reinterpret_cast<float2*>(C + (size_t)row * N + col) = make_float2(acc[i][j][0], acc[i][j][1]);
      *reinterpret_cast<float2*>(C + (size_t)(row + 8) * N + col) =
          make_float2(acc[i][j][2], acc[i][j][3]);
    }
  if (blockIdx.x == 0 && blockIdx.y == 0 && tid == 0)
    while (now_ns() - t0 < MIN_NS) {
    }
}
