// Shared-memory tiling: a block computes 32 channels x BI i x 16 j (BI = 4*TT). Per step it
// stages KT k-slices of a[i0..i0+BI-1, k, c0..c0+31] and b[j0..j0+15, k, c0..c0+31]
// (coalesced 128-byte rows) in shared memory; each of the 256 threads (8 warps) owns one
// channel (its lane) and a TT i x 8 j tile (its warp picks which: 4 i-groups x 2 j-groups), so
// TT + 8 shared loads feed 8*TT FMAs: at TT = 4, 12 loads per 32 FMAs (shared-memory bandwidth,
// one warp-wide load per clock against four warp-wide FMAs, caps it near 2/3 of the FMA peak);
// at TT = 8, 16 per 64, which balances the two. A warp reads 32 consecutive channels of one
// row: 32 distinct banks, no conflict. Dynamic shared memory: KT * (BI + 16) * 32 floats.
#define BI (4 * TT)  // i extent of the block tile
#define BJ 16        // j extent

extern "C" __global__ void __launch_bounds__(256)
    triangle_smem(const float* __restrict__ a, const float* __restrict__ b,
                  float* __restrict__ out, int L, int C) {
  extern __shared__ float sm[];
  float* sa = sm;                  // [KT][BI i][32 c]
  float* sb = sm + KT * BI * 32;   // [KT][BJ j][32 c]
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const int c0 = blockIdx.x * 32, j0 = blockIdx.y * BJ, i0 = blockIdx.z * BI;
  const int ti = (warp >> 1) * TT;  // 4 groups of TT i ...
  const int tj = (warp & 1) * 8;    // ... times 2 groups of 8 j
  const size_t LC = (size_t)L * C;
  float acc[TT][8];
#pragma unroll
  for (int ii = 0; ii < TT; ++ii)
#pragma unroll
    for (int jj = 0; jj < 8; ++jj) acc[ii][jj] = 0.0f;
  for (int k0 = 0; k0 < L; k0 += KT) {
    // KT * BI rows of a and KT * BJ rows of b, 32 channels each: warp w stages rows w, w + 8, ...
    for (int rr = warp; rr < KT * BI; rr += 8) {
      const int kk = rr / BI, r = rr % BI;
      sa[rr * 32 + lane] = __ldg(a + (i0 + r) * LC + (size_t)(k0 + kk) * C + c0 + lane);
    }
    for (int rr = warp; rr < KT * BJ; rr += 8) {
      const int kk = rr / BJ, r = rr % BJ;
      sb[rr * 32 + lane] = __ldg(b + (j0 + r) * LC + (size_t)(k0 + kk) * C + c0 + lane);
    }
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < KT; ++kk) {
      float ra[TT], rb[8];
#pragma unroll
      for (int ii = 0; ii < TT; ++ii) ra[ii] = sa[(kk * BI + ti + ii) * 32 + lane];
#pragma unroll
      for (int jj = 0; jj < 8; ++jj) rb[jj] = sb[(kk * BJ + tj + jj) * 32 + lane];
#pragma unroll
      for (int ii = 0; ii < TT; ++ii)
#pragma unroll
        for (int jj = 0; jj < 8; ++jj) acc[ii][jj] = fmaf(ra[ii], rb[jj], acc[ii][jj]);
    }
    __syncthreads();  // the next step overwrites what this one read
  }
#pragma unroll
  for (int ii = 0; ii < TT; ++ii)
#pragma unroll
    for (int jj = 0; jj < 8; ++jj)
      out[((size_t)(i0 + ti + ii) * L + j0 + tj + jj) * C + c0 + lane] = acc[ii][jj];
}
