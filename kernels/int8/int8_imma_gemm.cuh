// A statement fragment (no include guard; kernels/README.md, "Statement fragments"): the body of
// red team 9's imma_gemm (tests/cheats/redteam9_scratch_int8_launder, and red team 13's
// redteam13_int8_module_relay; `kernels: [int8]`): a 64 x 64 tile of C a block of 4 warps, the int8
// words of INT8_WORDS_A and INT8_WORDS_B (the includer's) staged 8 a row in shared memory, 2 x 4
// mma.sync m16n8k32 s8 a warp a K step (imma_s8_smem_warp.cuh), rescaled by sa[row] sb[col].
  __shared__ int As[64][8 + 1], Bs[64][8 + 1];  // 64 rows x 32 int8 (8 words) per K step
  const int t = threadIdx.x, warp = t / 32, lane = t % 32, g = lane / 4, q = lane % 4;
  const int lrow = t / 2, lhalf = t % 2;  // the row and 4-word half this thread loads
  const int r0 = (warp / 2) * 32, c0 = (warp % 2) * 32, KW = K / 4;
  const int* a = INT8_WORDS_A + (size_t)(blockIdx.y * 64 + lrow) * KW + 4 * lhalf;
  const int* b = INT8_WORDS_B + (size_t)(blockIdx.x * 64 + lrow) * KW + 4 * lhalf;
  int acc[2][4][4] = {};
  for (int k0 = 0; k0 < KW; k0 += 8) {
    const int4 va = *reinterpret_cast<const int4*>(a + k0);
    const int4 vb = *reinterpret_cast<const int4*>(b + k0);
    As[lrow][4 * lhalf + 0] = va.x, As[lrow][4 * lhalf + 1] = va.y;
    As[lrow][4 * lhalf + 2] = va.z, As[lrow][4 * lhalf + 3] = va.w;
    Bs[lrow][4 * lhalf + 0] = vb.x, Bs[lrow][4 * lhalf + 1] = vb.y;
    Bs[lrow][4 * lhalf + 2] = vb.z, Bs[lrow][4 * lhalf + 3] = vb.w;
    __syncthreads();
#include <imma_s8_smem_warp.cuh>  // 2 x 4 int8 MMAs of the warp from As, Bs (kernels/int8)
    __syncthreads();
  }
#pragma unroll
  for (int i = 0; i < 2; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j)
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        const int row = blockIdx.y * 64 + r0 + 16 * i + g + 8 * h;
        const int col = blockIdx.x * 64 + c0 + 8 * j + 2 * q;
        const float s = sa[row];
        C[(size_t)row * N + col] = acc[i][j][2 * h] * s * sb[col];
        C[(size_t)row * N + col + 1] = acc[i][j][2 * h + 1] * s * sb[col + 1];
      }
