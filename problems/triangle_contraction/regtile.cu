// Register tiling: a thread owns channel c and a TI x TJ tile of (i, j). Per k it loads TI
// values of a and TJ of b (each a coalesced 128-byte warp access, channel-last) and does
// TI*TJ FMAs from registers: 2 loads per FMA become (TI+TJ)/(TI*TJ). Other warps of other
// (i, j) tiles re-read the same rows, which L1/L2 serve. A block is 4 warps on 4 j tiles.

extern "C" __global__ void triangle_regtile(const float* __restrict__ a,
                                            const float* __restrict__ b,
                                            float* __restrict__ out, int L, int C) {
  const int c = blockIdx.x * 32 + threadIdx.x;
  const int j0 = (blockIdx.y * 4 + threadIdx.y) * TJ, i0 = blockIdx.z * TI;
  const size_t LC = (size_t)L * C;
  const float* pa = a + i0 * LC + c;
  const float* pb = b + j0 * LC + c;
  float acc[TI][TJ];
#pragma unroll
  for (int ii = 0; ii < TI; ++ii)
#pragma unroll
    for (int jj = 0; jj < TJ; ++jj) acc[ii][jj] = 0.0f;
  for (int k = 0; k < L; ++k) {
    float ra[TI], rb[TJ];
#pragma unroll
    for (int ii = 0; ii < TI; ++ii) ra[ii] = __ldg(pa + ii * LC + (size_t)k * C);
#pragma unroll
    for (int jj = 0; jj < TJ; ++jj) rb[jj] = __ldg(pb + jj * LC + (size_t)k * C);
#pragma unroll
    for (int ii = 0; ii < TI; ++ii)
#pragma unroll
      for (int jj = 0; jj < TJ; ++jj) acc[ii][jj] = fmaf(ra[ii], rb[jj], acc[ii][jj]);
  }
#pragma unroll
  for (int ii = 0; ii < TI; ++ii)
#pragma unroll
    for (int jj = 0; jj < TJ; ++jj) out[((size_t)(i0 + ii) * L + j0 + jj) * C + c] = acc[ii][jj];
}
