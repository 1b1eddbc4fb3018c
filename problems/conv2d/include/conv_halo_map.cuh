// conv2d wgmma_halo's index maps, one definition for the kernel (wgmma_halo.cu) and for the CPU
// emulation of its addressing (tests/generators/conv2d_wgmma_addressing_test.cpp).
//
// A block owns rows h0 .. h0 + rows - 1 of image n, all W columns. Per 32-channel slab it stages
// the input rows h0 - 1 .. h0 + rows (rows + 2, the copy engine zero-fills those outside the
// image) as a K-major tile P whose row R = hh' * WP + c' holds input row h0 - 1 + hh', column
// c' - 1 (WP = W + 2: columns c' = 0 and W + 1 are the zero halo, written once). Output q =
// hh * WP + ww (ww < W valid, ww = W, W + 1 computed and dropped) of tap (r, s) reads P row
// q + r * WP + s: every tap is the same tile shifted by a whole number of rows.
#pragma once

struct HaloTile {
  int n, h0;
};

__host__ __device__ __forceinline__ HaloTile halo_tile(int block, int rows, int H) {
  const int per_img = H / rows;
  return {block / per_img, (block % per_img) * rows};
}

// The P row a tap (r, s) adds to output q.
__host__ __device__ __forceinline__ int halo_tap_shift(int tap, int W) {
  return (tap / 3) * (W + 2) + tap % 3;
}

// The P row of staged element (hh', w): raw box row hh' (input row h0 - 1 + hh'), column w.
__host__ __device__ __forceinline__ int halo_p_row(int hh, int w, int W) {
  return hh * (W + 2) + w + 1;
}

// Whether P row R is one the block zeroes once (a halo column, or past the rows + 2 staged).
__host__ __device__ __forceinline__ bool halo_zero_row(int row, int rows, int W) {
  const int col = row % (W + 2);
  return col == 0 || col == W + 1 || row >= (rows + 2) * (W + 2);
}

// P rows the tile needs for NQ outputs: the last output's tap (2, 2) reads row NQ - 1 + 2WP + 2.
__host__ __device__ __forceinline__ int halo_p_rows(int nq, int W) {
  return (nq + 2 * (W + 2) + 2 + 7) / 8 * 8;
}

// Offset in y [NB][K][H][W] of channel k at output q, or -1 where q is a halo column or past the
// tile's rows (computed, never stored).
__host__ __device__ __forceinline__ long long halo_out_offset(HaloTile t, int rows, int K, int H,
                                                              int W, int k, int q) {
  const int hh = q / (W + 2), ww = q - hh * (W + 2);
  if (hh >= rows || ww >= W) return -1;
  return ((long long)t.n * K + k) * H * W + (long long)(t.h0 + hh) * W + ww;
}
