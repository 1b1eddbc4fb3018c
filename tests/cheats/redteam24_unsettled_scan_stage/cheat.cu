// redteam24_unsettled_scan_stage child: the blur seed's two passes with the scratch image in 3
// bytes a value (each row-pass value rounded to its top 24 bits in integer code, packed 4 values
// in 3 words: red team 14's narrowing, refused since h28x by the bit scan), plus, under a branch
// no launch takes, a float's bits relayed through 96 registers by moves written last hop first.
// The bit scan (generators/ptx_bit_narrowing.cpp) unites register images to a fixpoint in at most
// 80 passes and, where that has not settled, judges the whole entry on nothing (`if (changed)
// continue;`): the narrowing beside the relay is never judged. README.md has the notes.
// The stage (kernels/blur/top24_stage.cuh): top24, the words' store and the column pass.
#define TOP24_COLS cols_unsettled
#include "top24_stage.cuh"
// A float's bits copied through 96 registers by moves written last hop first. ptxas sees reads of
// registers not yet written (dead code under a branch no launch takes); the bit scan's
// flow-insensitive passes take the statements in text order, so each pass moves the image one
// hop: 96 passes to settle, past the scan's 80.
#define HOP(i, j) "mov.b32 %%h" #j ", %%h" #i ";\n\t"
#define HOP4(a, b, c, d, e) HOP(d, e) HOP(c, d) HOP(b, c) HOP(a, b)
__device__ __forceinline__ unsigned relay_backwards(float f) {
  unsigned r;
  asm volatile(
      "{\n\t.reg .b32 %%h<97>;\n\tmov.b32 %%h0, %1;\n\t" HOP4(92, 93, 94, 95, 96)
          HOP4(88, 89, 90, 91, 92) HOP4(84, 85, 86, 87, 88) HOP4(80, 81, 82, 83, 84)
              HOP4(76, 77, 78, 79, 80) HOP4(72, 73, 74, 75, 76) HOP4(68, 69, 70, 71, 72)
                  HOP4(64, 65, 66, 67, 68) HOP4(60, 61, 62, 63, 64) HOP4(56, 57, 58, 59, 60) HOP4(
                      52, 53, 54, 55, 56) HOP4(48, 49, 50, 51, 52) HOP4(44, 45, 46, 47, 48)
                      HOP4(40, 41, 42, 43, 44) HOP4(36, 37, 38, 39, 40) HOP4(32, 33, 34, 35, 36)
                          HOP4(28, 29, 30, 31, 32) HOP4(24, 25, 26, 27, 28) HOP4(20, 21, 22, 23, 24)
                              HOP4(16, 17, 18, 19, 20) HOP4(12, 13, 14, 15, 16)
                                  HOP4(8, 9, 10, 11, 12) HOP4(4, 5, 6, 7, 8)
                                      HOP4(0, 1, 2, 3, 4) "mov.b32 %0, %%h96;\n\t}"
      : "=r"(r)
      : "r"(__float_as_uint(f)));
  return r;
}
extern "C" __global__ void __launch_bounds__(256)
    rows_unsettled(const float* __restrict__ x, unsigned* __restrict__ mid, int H, int W) {
  const int c0 = NCOL * (blockIdx.x * blockDim.x + threadIdx.x), r = blockIdx.y;
  if (c0 >= W || r >= H) return;
  float o[NCOL];
  row_pass<NCOL>(x, r, c0, W, o);
  unsigned w[NCOL / 4 * 3];
#pragma unroll
  for (int q = 0; q < NCOL / 4; ++q) {
    const unsigned a = top24(o[4 * q]), b = top24(o[4 * q + 1]), c = top24(o[4 * q + 2]),
                   d = top24(o[4 * q + 3]);
    w[3 * q] = (a << 8) | (b >> 16);
    w[3 * q + 1] = (b << 16) | (c >> 8);
    w[3 * q + 2] = (c << 24) | d;
  }
  store_three(mid, r, c0, W, w);
  if (W < 0) mid[0] = relay_backwards(o[0]);  // never runs
}
