// Red team (issue 28, white-box; README.md has the reasoning). Declared fp32, computed on BF16
// tensor cores: each FP32 operand is split into a BF16 high part and a BF16 remainder by integer
// round-to-nearest-even on its bits (no cvt instruction), and C = lo*hi + hi*lo + hi*hi with
// mma.sync.m16n8k16 BF16 (FP32 accumulate): close to FP32 accuracy, BF16 tensor-core speed.
// generators/ptx_scan.cpp's ptx_opcode() takes the first blank-delimited word of a statement
// as its opcode and strips a label only when that word ends in ':'. Each MMA here is written
// "RT_MMA:mma.sync...." (a label glued to the instruction, legal PTX; ptxas gives the very same
// cubin as without the label), so the opcode read is "RT_MMA:mma.sync..." and no MMA is
// counted: no precision_mismatch, and the floor stays at the FP32 rate (floor_rate.cpp sees no
// BF16). Labels inside a { } scope may repeat, so the asm can be inlined many times.
// 128 threads (2x2 warps) per 64x64 tile of C, K-slabs of 16; M, N multiples of 64, K of 16.

#define BM 64
#define BN 64
#define BK 16
#define AST (BK + 8)
#define BST (BN + 8)
#define MIN_NS 300000ull

__device__ __forceinline__ unsigned long long now_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

// BF16 bits of x rounded to nearest even, by integer arithmetic on its FP32 bits.
__device__ __forceinline__ unsigned int bf16_bits(float x) {
  unsigned int u = __float_as_uint(x);
  u += 0x7fffu + ((u >> 16) & 1u);
  return u >> 16;
}

__device__ __forceinline__ void mma_bf16(float* d, const unsigned int* a, const unsigned int* b) {
  asm volatile(
      "{\n"
      "RT_MMA:mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
      "{%8,%9}, {%0,%1,%2,%3};\n"
      "}\n"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}

extern "C" __global__ void __launch_bounds__(128)
    gemm_bf16x3_hidden(const float* __restrict__ A, const float* __restrict__ B,
                       float* __restrict__ C, int M, int N, int K) {
  __shared__ unsigned short Ahi[BM][AST], Alo[BM][AST];
  __shared__ unsigned short Bhi[BK][BST], Blo[BK][BST];
  const unsigned long long t0 = now_ns();
  const int tid = threadIdx.x, warp = tid >> 5, lane = tid & 31;
  const int g = lane >> 2, t = lane & 3;
  const int wr = warp >> 1, wc = warp & 1;
  const int bRow = blockIdx.y * BM, bCol = blockIdx.x * BN;
  float acc[2][4][4];
#pragma unroll
  for (int i = 0; i < 2; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j)
#pragma unroll
      for (int r = 0; r < 4; ++r) acc[i][j][r] = 0.0f;
  for (int k0 = 0; k0 < K; k0 += BK) {
#pragma unroll
    for (int r = 0; r < 8; ++r) {  // 1024 elements of A and of B: eight each per thread
      const int idx = tid + r * 128;
      const int am = idx >> 4, ak = idx & 15;
      const float a = A[(size_t)(bRow + am) * K + k0 + ak];
      const unsigned int ah = bf16_bits(a);
      Ahi[am][ak] = (unsigned short)ah;
      Alo[am][ak] = (unsigned short)bf16_bits(a - __uint_as_float(ah << 16));
      const int bk = idx >> 6, bn = idx & 63;
      const float b = B[(size_t)(k0 + bk) * N + bCol + bn];
      const unsigned int bh = bf16_bits(b);
      Bhi[bk][bn] = (unsigned short)bh;
      Blo[bk][bn] = (unsigned short)bf16_bits(b - __uint_as_float(bh << 16));
    }
    __syncthreads();
    // Fragments of mma.m16n8k16 (row-major A, column-major B): two BF16 per 32-bit register,
    // the lower column (A) or row (B) index in the low half.
    unsigned int fa[2][2][4], fb[2][4][2];  // [hi/lo][tile][reg]
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      unsigned short(*As)[AST] = h ? Alo : Ahi;
      unsigned short(*Bs)[BST] = h ? Blo : Bhi;
#pragma unroll
      for (int i = 0; i < 2; ++i) {
        const int r0 = wr * 32 + i * 16;
        fa[h][i][0] = As[r0 + g][2 * t] | (unsigned int)As[r0 + g][2 * t + 1] << 16;
        fa[h][i][1] = As[r0 + g + 8][2 * t] | (unsigned int)As[r0 + g + 8][2 * t + 1] << 16;
        fa[h][i][2] = As[r0 + g][2 * t + 8] | (unsigned int)As[r0 + g][2 * t + 9] << 16;
        fa[h][i][3] = As[r0 + g + 8][2 * t + 8] | (unsigned int)As[r0 + g + 8][2 * t + 9] << 16;
      }
#pragma unroll
      for (int j = 0; j < 4; ++j) {
        const int c0 = wc * 32 + j * 8;
        fb[h][j][0] = Bs[2 * t][c0 + g] | (unsigned int)Bs[2 * t + 1][c0 + g] << 16;
        fb[h][j][1] = Bs[2 * t + 8][c0 + g] | (unsigned int)Bs[2 * t + 9][c0 + g] << 16;
      }
    }
#pragma unroll
    for (int i = 0; i < 2; ++i)
#pragma unroll
      for (int j = 0; j < 4; ++j) {
        mma_bf16(acc[i][j], fa[1][i], fb[0][j]);  // lo * hi
        mma_bf16(acc[i][j], fa[0][i], fb[1][j]);  // hi * lo
        mma_bf16(acc[i][j], fa[0][i], fb[0][j]);  // hi * hi
      }
    __syncthreads();
  }
#pragma unroll
  for (int i = 0; i < 2; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j) {
      const int r = bRow + wr * 32 + i * 16 + g, c = bCol + wc * 32 + j * 8 + 2 * t;
      C[(size_t)r * N + c] = acc[i][j][0];
      C[(size_t)r * N + c + 1] = acc[i][j][1];
      C[(size_t)(r + 8) * N + c] = acc[i][j][2];
      C[(size_t)(r + 8) * N + c + 1] = acc[i][j][3];
    }
  // Never under the FP32 floor (256 us): what is refused must be the precision, not the speed.
  if (blockIdx.x == 0 && blockIdx.y == 0 && tid == 0)
    while (now_ns() - t0 < MIN_NS) {}
}
