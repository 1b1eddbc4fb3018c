// Red team round 3's split-BF16 GEMM (issue 28) as one kernel for the four cheat-suite folders
// built on it (issue 33: three carried copies that differ only in how the MMA is spelled). A
// 2048^3 GEMM as three BF16 tensor-core products (A = Ah + Al, B = Bh + Bl,
// C = Ah Bh + Ah Bl + Al Bh): the split is integer code on the float bits, each MMA guarded by a
// predicate that is always true. The including file defines SPLIT_BF16_MMA, the PTX text of the
// guard and the mnemonic before `.sync.aligned...`: "@ p mma" (split_bf16_guard_blank.cu),
// "@p mma\f" (tests/cheats/redteam3_formfeed_mma), "@p mma" (redteam5_class_alias_mma); the
// string literals join into the PTX each kernel had, so the code is the same.
#pragma once
#define BM 64
#define BN 64
#define BK 16

// The upper 16 bits of x rounded to nearest even, as a float whose low 16 bits are zero.
__device__ __forceinline__ unsigned hi_bits(float x) {
  unsigned u = __float_as_uint(x);
  u += 0x7fffu + ((u >> 16) & 1u);
  return u & 0xffff0000u;
}
// Two floats' BF16 parts packed as one .b32 operand: `lo_col` in the low half.
__device__ __forceinline__ unsigned pack(unsigned first, unsigned second) {
  return (first >> 16) | (second & 0xffff0000u);
}
// hi and lo parts of a pair of floats, packed.
__device__ __forceinline__ void split2(float x0, float x1, unsigned& h, unsigned& l) {
  const unsigned h0 = hi_bits(x0), h1 = hi_bits(x1);
  h = pack(h0, h1);
  l = pack(hi_bits(x0 - __uint_as_float(h0)), hi_bits(x1 - __uint_as_float(h1)));
}

__device__ __forceinline__ void mma_bf16(float* d, const unsigned* a, unsigned b0, unsigned b1,
                                         unsigned on) {
  // The MMA's spelling (SPLIT_BF16_MMA) starts a line of its own.
  // clang-format off
  asm volatile(
      "{\n"
      ".reg .pred p;\n"
      "setp.ne.u32 p, %10, 0;\n"
      SPLIT_BF16_MMA ".sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
      "{%8,%9}, {%0,%1,%2,%3};\n"
      "}\n"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1), "r"(on));
  // clang-format on
}

extern "C" __global__ void __launch_bounds__(128)
    gemm_split_bf16(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
                    int M, int N, int K) {
  __shared__ float As[BM][BK + 4];
  __shared__ float Bs[BK][BN + 4];
  const int tid = threadIdx.x, warp = tid >> 5, lane = tid & 31;
  const int g = lane >> 2, t = lane & 3;
  const int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
  const unsigned on = K > 0;
  float acc[8][4];
#pragma unroll
  for (int j = 0; j < 8; ++j)
#pragma unroll
    for (int e = 0; e < 4; ++e) acc[j][e] = 0.0f;
  for (int k0 = 0; k0 < K; k0 += BK) {
#pragma unroll
    for (int i = 0; i < 2; ++i) {
      const int q = tid + i * 128;  // 256 float4 of A's tile (64 x 16), 256 of B's (16 x 64)
      const int ar = q >> 2, ac = (q & 3) * 4;
      const float4 a = *reinterpret_cast<const float4*>(A + (size_t)(row0 + ar) * K + k0 + ac);
      As[ar][ac] = a.x;
      As[ar][ac + 1] = a.y;
      As[ar][ac + 2] = a.z;
      As[ar][ac + 3] = a.w;
      const int br = q >> 4, bc = (q & 15) * 4;
      const float4 b = *reinterpret_cast<const float4*>(B + (size_t)(k0 + br) * N + col0 + bc);
      Bs[br][bc] = b.x;
      Bs[br][bc + 1] = b.y;
      Bs[br][bc + 2] = b.z;
      Bs[br][bc + 3] = b.w;
    }
    __syncthreads();
    const int r = warp * 16;
    unsigned ah[4], al[4];
    split2(As[r + g][2 * t], As[r + g][2 * t + 1], ah[0], al[0]);
    split2(As[r + g + 8][2 * t], As[r + g + 8][2 * t + 1], ah[1], al[1]);
    split2(As[r + g][2 * t + 8], As[r + g][2 * t + 9], ah[2], al[2]);
    split2(As[r + g + 8][2 * t + 8], As[r + g + 8][2 * t + 9], ah[3], al[3]);
#pragma unroll
    for (int j = 0; j < 8; ++j) {
      const int c = 8 * j + g;
      unsigned bh0, bl0, bh1, bl1;
      split2(Bs[2 * t][c], Bs[2 * t + 1][c], bh0, bl0);
      split2(Bs[2 * t + 8][c], Bs[2 * t + 9][c], bh1, bl1);
      mma_bf16(acc[j], al, bh0, bh1, on);  // the small products first
      mma_bf16(acc[j], ah, bl0, bl1, on);
      mma_bf16(acc[j], ah, bh0, bh1, on);
    }
    __syncthreads();
  }
  const int r = row0 + warp * 16 + g;
#pragma unroll
  for (int j = 0; j < 8; ++j) {
    const int c = col0 + 8 * j + 2 * t;
    C[(size_t)r * N + c] = acc[j][0];
    C[(size_t)r * N + c + 1] = acc[j][1];
    C[(size_t)(r + 8) * N + c] = acc[j][2];
    C[(size_t)(r + 8) * N + c + 1] = acc[j][3];
  }
}
