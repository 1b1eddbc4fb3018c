// conv2d wgmma_tma's index maps, one definition for the kernel (wgmma_tma.cu) and for the CPU
// emulation of its addressing (tests/generators/conv2d_wgmma_addressing_test.cpp, which
// defines __host__ / __device__ away before including this file): which image rows a block
// owns, the TMA box coordinates of each reduction step, and where an accumulator lands in y.
#pragma once

// A block's pixels: images n0 .. n0 + IMGS - 1, rows h0 .. h0 + rows - 1 of each, all W columns;
// tile pixel p (0 .. PIX - 1) is image n0 + p / (rows*W), plane offset h0*W + p % (rows*W).
struct ConvTile {
  int n0, h0, rows;
};

__host__ __device__ __forceinline__ ConvTile conv_tile(int block, int pix, int imgs, int H, int W) {
  const int rows = pix / (imgs * W), per_img = H / rows;
  return {(block / per_img) * imgs, (block % per_img) * rows, rows};
}

// Reduction step `it` (0 .. 9*C/32 - 1) = tap rs = r*3 + s, channel slab c0: the filter box
// [128][32] starts at element (c0, wrow) of wt [R*S*K][C]; the pixel box
// [IMGS][rows][W][32] at (c0, w, h, n) of xt [NB][H][W][C], one row and column up-left of the
// tile for tap (0, 0): out-of-image coordinates are the padding, zero-filled by the copy engine.
struct ConvStep {
  int c0, wrow, w, h, n;
};

__host__ __device__ __forceinline__ ConvStep conv_step(int it, int C, int K, int k0, ConvTile t) {
  const int cslabs = C / 32, rs = it / cslabs, r = rs / 3, s = rs - 3 * r;
  return {(it - rs * cslabs) * 32, rs * K + k0, s - 1, t.h0 + r - 1, t.n0};
}

// Offset in y [NB][K][H][W] of output channel k (absolute) at tile pixel p. For even p, p + 1 is
// the next float of the same plane (rows*W is even), so a thread's pair is one float2.
__host__ __device__ __forceinline__ long long conv_out_offset(ConvTile t, int K, int H, int W,
                                                              int k, int p) {
  const int tpx = t.rows * W, i = p / tpx;
  return ((long long)(t.n0 + i) * K + k) * H * W + (long long)t.h0 * W + (p - i * tpx);
}

// The prep launch's layouts: xt [n][pixel][c] (NHWC) and wt [rs][k][c]; wt element i reads
// w [k][c][rs] at the returned offset.
__host__ __device__ __forceinline__ long long conv_nhwc_offset(int n, int p, int c, int HW, int C) {
  return ((long long)n * HW + p) * C + c;
}
__host__ __device__ __forceinline__ long long conv_wt_source(long long i, int C, int K) {
  const long long c = i % C, k = (i / C) % K, rs = i / ((long long)C * K);
  return (k * C + c) * 9 + rs;
}
