// Shared-memory tiling: a block computes 32 channels x 16 i x 16 j. Per step it stages KT
// k-slices of a[i0..i0+15, k, c0..c0+31] and b[j0..j0+15, k, c0..c0+31] (coalesced 128-byte
// rows) in shared memory; each of the 256 threads (8 warps) owns one channel (its lane) and a
// 4 i x 8 j tile (its warp picks which), so a staged value is used 8 or 4 times from shared
// memory instead of being re-read through L1/L2, and 12 shared loads feed 32 FMAs. A warp reads
// 32 consecutive channels of one row: 32 distinct banks, no conflict.
// Dynamic shared memory: 2 * KT * 16 * 32 floats.
#ifndef KT
#define KT 8
#endif
#define BT 16  // i and j extent of the block tile

extern "C" __global__ void __launch_bounds__(256)
    triangle_smem(const float* __restrict__ a, const float* __restrict__ b,
                  float* __restrict__ out, int L, int C) {
  extern __shared__ float sm[];
  float* sa = sm;                  // [KT][BT i][32 c]
  float* sb = sm + KT * BT * 32;   // [KT][BT j][32 c]
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const int c0 = blockIdx.x * 32, j0 = blockIdx.y * BT, i0 = blockIdx.z * BT;
  const int ti = (warp >> 1) * 4;  // 4 groups of 4 i ...
  const int tj = (warp & 1) * 8;   // ... times 2 groups of 8 j: the 8 warps cover 16 x 16
  const size_t LC = (size_t)L * C;
  float acc[4][8];
#pragma unroll
  for (int ii = 0; ii < 4; ++ii)
#pragma unroll
    for (int jj = 0; jj < 8; ++jj) acc[ii][jj] = 0.0f;
  for (int k0 = 0; k0 < L; k0 += KT) {
    // KT * BT rows of a and of b, 32 channels each: warp w stages rows w, w + 8, ...
    for (int rr = warp; rr < KT * BT; rr += 8) {
      const int kk = rr / BT, r = rr % BT;
      sa[rr * 32 + lane] = __ldg(a + (i0 + r) * LC + (size_t)(k0 + kk) * C + c0 + lane);
      sb[rr * 32 + lane] = __ldg(b + (j0 + r) * LC + (size_t)(k0 + kk) * C + c0 + lane);
    }
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < KT; ++kk) {
      float ra[4], rb[8];
#pragma unroll
      for (int ii = 0; ii < 4; ++ii) ra[ii] = sa[(kk * BT + ti + ii) * 32 + lane];
#pragma unroll
      for (int jj = 0; jj < 8; ++jj) rb[jj] = sb[(kk * BT + tj + jj) * 32 + lane];
#pragma unroll
      for (int ii = 0; ii < 4; ++ii)
#pragma unroll
        for (int jj = 0; jj < 8; ++jj) acc[ii][jj] = fmaf(ra[ii], rb[jj], acc[ii][jj]);
    }
    __syncthreads();  // the next step overwrites what this one read
  }
#pragma unroll
  for (int ii = 0; ii < 4; ++ii)
#pragma unroll
    for (int jj = 0; jj < 8; ++jj)
      out[((size_t)(i0 + ti + ii) * L + j0 + tj + jj) * C + c0 + lane] = acc[ii][jj];
}
