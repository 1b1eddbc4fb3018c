// A statement fragment (no include guard; kernels/README.md, "Statement fragments"): the body of
// the int8 W8A8 controls' GEMM (tests/cheats/control_int8_w8a8_scales, and
// control_redteam13_w8a8_module_stage through module memory; `kernels: [int8]`): 4 warps over a
// 64x64 tile of C, 2 x 2 warps of 32x32, a warp 2 x 4 MMAs (mma_s8_m16n8k32.cuh) a K step on the
// packed int8 words of A and B (M x K4, N x K4: the includer's pointers), then the dequantise
// step C = float(acc) * sa[row] * sb[col].
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
