// control_redteam13_w8a8_module_stage child (honest, red team 13): control_int8_w8a8_scales's
// int8 W8A8 GEMM on the integer tensor cores with its operands staged through module memory:
// launch 1 copies the problem's packed int8 words (A and B, i32 `in` buffers) into __device__
// arrays, launch 2 (the control's kernel, unchanged but for where it reads) multiplies them with
// mma.sync m16n8k32 s8 and dequantises by the float scales. Every operand is still one of the
// problem's own integer words; the fix of redteam13_int8_module_relay (module variables bound to
// every launch as buffers, generators/ptx_module_binding.h) must find the staged words
// integer-derived and keep it.
#define STAGE_WORDS (1024 * 1024)  // M (or N) x K4 of the problem

__device__ int g_a[STAGE_WORDS], g_b[STAGE_WORDS];

extern "C" __global__ void stage_words(const int* __restrict__ A, const int* __restrict__ B, int M,
                                       int N, int K4) {
  const size_t na = (size_t)M * K4, nb = (size_t)N * K4;
  for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < na + nb;
       i += (size_t)gridDim.x * blockDim.x) {
    if (i < na && i < STAGE_WORDS) g_a[i] = A[i];
    if (i >= na && i - na < STAGE_WORDS) g_b[i - na] = B[i - na];
  }
}

__device__ __forceinline__ void mma_s8_16x8x32(int* c, int a0, int a1, int a2, int a3, int b0,
                                               int b1) {
  asm volatile(
      "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
      "{%0,%1,%2,%3};\n"
      : "+r"(c[0]), "+r"(c[1]), "+r"(c[2]), "+r"(c[3])
      : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
}

// Block: 4 warps over a 64x64 tile of C, 2 x 2 warps of 32x32; a warp: 2 x 4 MMAs per K step.
extern "C" __global__ void w8a8_imma_staged(const float* __restrict__ sa,
                                            const float* __restrict__ sb, float* __restrict__ C,
                                            int M, int N, int K4) {
  const int* A = g_a;
  const int* B = g_b;
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
