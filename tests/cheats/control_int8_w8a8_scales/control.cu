// control_int8_w8a8_scales child: an int8 W8A8 GEMM on the integer tensor cores, written for
// this suite after the fragment layout of PTX ISA 8.x, "Matrix Fragments for mma.m16n8k32"
// (.s8): thread t of a warp (g = t / 4, q = t % 4) holds A rows g and g + 8, bytes 4q..4q+3 and
// 16 + 4q.. of the 32-wide K step (a0..a3), B column g, the same bytes (b0, b1), and C rows g
// and g + 8, columns 2q, 2q + 1 (c0..c3). With A and B stored as packed int8 rows (4 per int32),
// every fragment register is one word of the problem's own buffers: no repacking, no
// conversion. The epilogue is the usual dequantise step (int32 -> float, times the per-token
// and per-channel scales), as in SmoothQuant / TensorRT-LLM int8 linear layers.
__device__ __forceinline__ void mma_s8_16x8x32(int* c, int a0, int a1, int a2, int a3, int b0,
                                               int b1) {
  asm volatile(
      "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
      "{%0,%1,%2,%3};\n"
      : "+r"(c[0]), "+r"(c[1]), "+r"(c[2]), "+r"(c[3])
      : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
}

// Block: 4 warps over a 64x64 tile of C, 2 x 2 warps of 32x32; a warp: 2 x 4 MMAs per K step.
extern "C" __global__ void w8a8_imma(const int* __restrict__ A, const int* __restrict__ B,
                                     const float* __restrict__ sa, const float* __restrict__ sb,
                                     float* __restrict__ C, int M, int N, int K4) {
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32, g = lane / 4, q = lane % 4;
  const int row0 = blockIdx.y * 64 + (warp / 2) * 32, col0 = blockIdx.x * 64 + (warp % 2) * 32;
  int acc[2][4][4] = {};
  for (int k = 0; k < K4; k += 8) {  // 32 int8 values = 8 words per step
    int a[2][4], b[4][2];
#pragma unroll
    for (int i = 0; i < 2; ++i) {
      const int* r0 = A + (size_t)(row0 + 16 * i + g) * K4 + k + q;
      const int* r8 = r0 + (size_t)8 * K4;
      a[i][0] = __ldg(r0);
      a[i][1] = __ldg(r8);
      a[i][2] = __ldg(r0 + 4);
      a[i][3] = __ldg(r8 + 4);
    }
#pragma unroll
    for (int j = 0; j < 4; ++j) {
      const int* c = B + (size_t)(col0 + 8 * j + g) * K4 + k + q;
      b[j][0] = __ldg(c);
      b[j][1] = __ldg(c + 4);
    }
#pragma unroll
    for (int i = 0; i < 2; ++i)
#pragma unroll
      for (int j = 0; j < 4; ++j)
        mma_s8_16x8x32(acc[i][j], a[i][0], a[i][1], a[i][2], a[i][3], b[j][0], b[j][1]);
  }
  // Dequantise: C = float(acc) * sa[row] * sb[col].
#pragma unroll
  for (int i = 0; i < 2; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j)
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        const int row = row0 + 16 * i + g + 8 * h, col = col0 + 8 * j + 2 * q;
        if (row >= M || col >= N) continue;
        const float s = sa[row];
        C[(size_t)row * N + col] = (float)acc[i][j][2 * h] * s * sb[col];
        if (col + 1 < N)
          C[(size_t)row * N + col + 1] = (float)acc[i][j][2 * h + 1] * s * sb[col + 1];
      }
}
