// conv2d's wgmma_tma on the CPU (no GPU here): its index maps (problems/conv2d/include/
// conv_tile_map.cuh, the same functions the kernel calls) driven the way the kernel drives
// them, with the hardware's part modelled from the PTX ISA: a TMA tile box lands densely,
// innermost extent first, and reads zero at coordinates outside the tensor; a wgmma m64nNk8
// accumulator d[4j + v] of lane l in warp w of a warpgroup is row 16w + l/4 (+8 for v >= 2),
// column 8j + 2(l%4) (+1 for odd v). The prep launch's two layouts, every block's box
// coordinates, the halo and the epilogue's stores are checked against a direct convolution in
// double at several shapes and every knob combination the kernel compiles (PIX 56/112/224).
// wgmma_halo (conv_halo_map.cuh) likewise: its raw NCHW box, the shared-memory transpose into
// the halo tile (never-written places read NaN, so a hole in the zeroed halo shows), the
// nine shifted taps and the stores that skip the halo columns.
#define __host__
#define __device__
#define __forceinline__ inline
#include "conv_halo_map.cuh"
#include "conv_tile_map.cuh"

#include <doctest/doctest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

namespace {

struct Shape {
  int NB, C, K, H, W;
};

struct Tensors {
  std::vector<double> x, w, xt, wt, y;
  std::vector<int> writes;  // per y element: how many stores hit it
  long long misaligned = 0, outside = 0;
};

// The prep launch: x [NB][C][H][W] -> xt (the block's 32 x 32 transpose through the same
// offsets), w [K][C][3][3] -> wt.
void prep(const Shape& s, Tensors& t) {
  const int HW = s.H * s.W;
  t.xt.assign(t.x.size(), NAN);
  for (int n = 0; n < s.NB; ++n)
    for (int p0 = 0; p0 < HW; p0 += 32)
      for (int c0 = 0; c0 < s.C; c0 += 32)
        for (int j = 0; j < 32 && p0 + j < HW; ++j)
          for (int tx = 0; tx < 32; ++tx)
            t.xt[conv_nhwc_offset(n, p0, c0, HW, s.C) + (long long)j * s.C + tx] =
                t.x[((long long)n * s.C + c0 + tx) * HW + p0 + j];
  t.wt.resize(t.w.size());
  for (long long i = 0; i < (long long)t.w.size(); ++i) t.wt[i] = t.w[conv_wt_source(i, s.C, s.K)];
}

// A thread's epilogue for accumulator pair j: D rows row and row + 8, columns p and p + 1, to
// y at off, off + 1 and 8 planes further (the kernels' two float2 stores).
void store_pair(Tensors& t, long long off, int HW, const std::vector<double>& d, int n, int row,
                int p) {
  const long long offs[4] = {off, off + 1, off + 8LL * HW, off + 8LL * HW + 1};
  const double vals[4] = {d[row * n + p], d[row * n + p + 1], d[(row + 8) * n + p],
                          d[(row + 8) * n + p + 1]};
  if (off % 2 != 0) ++t.misaligned;  // float2 stores need 8-byte alignment
  for (int v = 0; v < 4; ++v) {
    if (offs[v] < 0 || offs[v] >= (long long)t.y.size()) {
      ++t.outside;
      continue;
    }
    t.y[offs[v]] = vals[v];
    ++t.writes[offs[v]];
  }
}

// The filter box [128][32] at (c0, wrow) of wt.
void filter_box(const Shape& s, const Tensors& t, int wrow, int c0, std::vector<double>& a) {
  for (int kl = 0; kl < 128; ++kl)
    for (int cc = 0; cc < 32; ++cc) a[kl * 32 + cc] = t.wt[(long long)(wrow + kl) * s.C + c0 + cc];
}

// One step's wgmma group: D[128][n] += A[128][32] . B[n][32]^T (both K-major).
void gemm_step(const std::vector<double>& a, const std::vector<double>& b, std::vector<double>& d,
               int n) {
  for (int m = 0; m < 128; ++m)
    for (int p = 0; p < n; ++p) {
      double acc = 0.0;
      for (int cc = 0; cc < 32; ++cc) acc += a[m * 32 + cc] * b[p * 32 + cc];
      d[m * n + p] += acc;
    }
}

// The main launch: each block's ring of boxes, the GEMM, the epilogue's float2 pairs.
void main_kernel(const Shape& s, int pix, int imgs, Tensors& t) {
  const int HW = s.H * s.W, blocks = s.NB * HW / pix;
  t.y.assign((size_t)s.NB * s.K * HW, NAN);
  t.writes.assign(t.y.size(), 0);
  std::vector<double> d(128 * pix), a(128 * 32), b(pix * 32);
  for (int by = 0; by < s.K / 128; ++by)
    for (int bx = 0; bx < blocks; ++bx) {
      const int k0 = by * 128;
      const ConvTile tile = conv_tile(bx, pix, imgs, s.H, s.W);
      REQUIRE(tile.rows * s.W * imgs == pix);
      std::fill(d.begin(), d.end(), 0.0);
      for (int it = 0; it < 9 * s.C / 32; ++it) {
        const ConvStep st = conv_step(it, s.C, s.K, k0, tile);
        REQUIRE(st.wrow + 128 <= 9 * s.K);  // the filter box stays inside wt
        filter_box(s, t, st.wrow, st.c0, a);
        // Box [imgs][rows][W][32] at (c0, w, h, n): smem row p = (i*rows + rr)*W + ww.
        for (int i = 0; i < imgs; ++i)
          for (int rr = 0; rr < tile.rows; ++rr)
            for (int ww = 0; ww < s.W; ++ww) {
              const int n = st.n + i, h = st.h + rr, w = st.w + ww;
              const int p = (i * tile.rows + rr) * s.W + ww;
              const bool in = n >= 0 && n < s.NB && h >= 0 && h < s.H && w >= 0 && w < s.W;
              for (int cc = 0; cc < 32; ++cc)
                b[p * 32 + cc] =
                    in ? t.xt[conv_nhwc_offset(n, h * s.W + w, st.c0 + cc, HW, s.C)] : 0.0;
            }
        gemm_step(a, b, d, pix);
      }
      for (int cw = 0; cw < 2; ++cw)
        for (int wq = 0; wq < 4; ++wq)
          for (int lane = 0; lane < 32; ++lane) {
            const int row = 64 * cw + 16 * wq + lane / 4, k = k0 + row;
            for (int j = 0; j < pix / 8; ++j) {
              const int p = 8 * j + 2 * (lane % 4);
              const long long off = conv_out_offset(tile, s.K, s.H, s.W, k, p);
              store_pair(t, off, HW, d, pix, row, p);
            }
          }
    }
}

// wgmma_halo's main launch (its first launch is prep()'s filter half).
void halo_kernel(const Shape& s, int rows, Tensors& t) {
  const int HW = s.H * s.W, WP = s.W + 2, nq = (rows * WP + 7) / 8 * 8;
  const int prows = halo_p_rows(nq, s.W), rawn = (rows + 2) * s.W;
  t.y.assign((size_t)s.NB * s.K * HW, NAN);
  t.writes.assign(t.y.size(), 0);
  std::vector<double> d(128 * nq), a(128 * 32), b(nq * 32), raw(32 * rawn);
  std::vector<double> P(8 * prows * 4);  // [K chunk][row][4]
  for (int by = 0; by < s.K / 128; ++by)
    for (int bx = 0; bx < s.NB * s.H / rows; ++bx) {
      const int k0 = by * 128;
      const HaloTile tile = halo_tile(bx, rows, s.H);
      std::fill(d.begin(), d.end(), 0.0);
      std::fill(P.begin(), P.end(), NAN);
      for (int j = 0; j < 8; ++j)  // the zeroed halo, as the kernel writes it
        for (int row = 0; row < prows; ++row)
          if (halo_zero_row(row, rows, s.W))
            for (int e = 0; e < 4; ++e) P[(j * prows + row) * 4 + e] = 0.0;
      for (int slab = 0; slab < s.C / 32; ++slab) {
        // Raw box [1][32][rows+2][W] at (0, h0 - 1, 32*slab, n) of x, zero outside.
        for (int c = 0; c < 32; ++c)
          for (int hh = 0; hh < rows + 2; ++hh)
            for (int w = 0; w < s.W; ++w) {
              const int h = tile.h0 - 1 + hh;
              raw[c * rawn + hh * s.W + w] =
                  h < 0 || h >= s.H
                      ? 0.0
                      : t.x[(((long long)tile.n * s.C + 32 * slab + c) * s.H + h) * s.W + w];
            }
        for (int j = 0; j < 8; ++j)
          for (int row = 0; row < rawn; ++row)
            for (int e = 0; e < 4; ++e)
              P[(j * prows + halo_p_row(row / s.W, row % s.W, s.W)) * 4 + e] =
                  raw[(4 * j + e) * rawn + row];
        for (int tap = 0; tap < 9; ++tap) {
          filter_box(s, t, tap * s.K + k0, 32 * slab, a);
          const int shift = halo_tap_shift(tap, s.W);
          REQUIRE(nq - 1 + shift < prows);
          for (int q = 0; q < nq; ++q)
            for (int cc = 0; cc < 32; ++cc)
              b[q * 32 + cc] = P[((cc / 4) * prows + q + shift) * 4 + cc % 4];
          gemm_step(a, b, d, nq);
        }
      }
      for (int cw = 0; cw < 2; ++cw)
        for (int wq = 0; wq < 4; ++wq)
          for (int lane = 0; lane < 32; ++lane) {
            const int row = 64 * cw + 16 * wq + lane / 4, k = k0 + row;
            for (int j = 0; j < nq / 8; ++j) {
              const int q = 8 * j + 2 * (lane % 4);
              const long long off = halo_out_offset(tile, rows, s.K, s.H, s.W, k, q);
              if (off < 0) {  // a halo column or past the tile: dropped, and so must its pair be
                if (halo_out_offset(tile, rows, s.K, s.H, s.W, k, q + 1) >= 0) ++t.outside;
                continue;
              }
              store_pair(t, off, HW, d, nq, row, q);
            }
          }
    }
}

double direct(const Shape& s, const Tensors& t, int n, int k, int h, int w) {
  double acc = 0.0;
  for (int c = 0; c < s.C; ++c)
    for (int r = 0; r < 3; ++r)
      for (int q = 0; q < 3; ++q) {
        const int hh = h + r - 1, ww = w + q - 1;
        if (hh < 0 || hh >= s.H || ww < 0 || ww >= s.W) continue;
        acc += t.x[(((long long)n * s.C + c) * s.H + hh) * s.W + ww] *
               t.w[(((long long)k * s.C + c) * 3 + r) * 3 + q];
      }
  return acc;
}

// Every output written exactly once and equal to the direct convolution; returns the count of
// outputs that differ (0 expected).
template <class Kernel>
long long check(const Shape& s, unsigned seed, Kernel kernel) {
  Tensors t;
  std::mt19937 g(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  t.x.resize((size_t)s.NB * s.C * s.H * s.W);
  t.w.resize((size_t)s.K * s.C * 9);
  for (double& v : t.x) v = u(g);
  for (double& v : t.w) v = u(g);
  prep(s, t);
  kernel(t);
  long long bad = t.misaligned + t.outside;
  for (int n = 0; n < s.NB; ++n)
    for (int k = 0; k < s.K; ++k)
      for (int h = 0; h < s.H; ++h)
        for (int w = 0; w < s.W; ++w) {
          const long long i = (((long long)n * s.K + k) * s.H + h) * s.W + w;
          if (t.writes[i] != 1 || !(std::abs(t.y[i] - direct(s, t, n, k, h, w)) < 1e-9)) ++bad;
        }
  return bad;
}

// The kernel's `requires` (problem.yaml) at one knob point.
bool applies(const Shape& s, int pix, int imgs) {
  return s.K % 128 == 0 && s.C % 32 == 0 && s.W % 2 == 0 && pix % (imgs * s.W) == 0 &&
         s.H % (pix / (imgs * s.W)) == 0 && s.NB % imgs == 0;
}

}  // namespace

TEST_CASE("conv2d wgmma_tma: boxes, halo and stores reproduce the direct convolution") {
  // W = 14 and 28 (conv2d's), planes whose H*W is not a multiple of 32 (the prep's partial
  // transpose tile), two blocks along K, one to four images per tile.
  const Shape shapes[] = {{4, 64, 256, 8, 14}, {2, 32, 128, 4, 28}, {4, 32, 128, 2, 28}};
  int points = 0;
  for (const Shape& s : shapes)
    for (int pix : {56, 112, 224})
      for (int imgs : {1, 2, 4}) {
        if (!applies(s, pix, imgs)) continue;
        ++points;
        CAPTURE(s.H);
        CAPTURE(s.W);
        CAPTURE(pix);
        CAPTURE(imgs);
        CHECK(check(s, unsigned(points), [&](Tensors& t) { main_kernel(s, pix, imgs, t); }) == 0);
      }
  CHECK(points >= 10);
}

TEST_CASE("conv2d wgmma_tma: the first and last step's boxes and an output offset, by hand") {
  const Shape s{2, 32, 128, 4, 28};
  ConvTile tile = conv_tile(1, 112, 1, s.H, s.W);
  ConvStep st = conv_step(0, s.C, s.K, 0, tile);
  CHECK(st.w == -1);  // tap (0, 0) starts one column left of the tile...
  CHECK(st.h == -1);  // ...and one row up: block 1 of a 4-row image is its first
  CHECK(st.n == 1);   // images of 4 rows: block 1 is image 1
  st = conv_step(9 * s.C / 32 - 1, s.C, s.K, 0, tile);
  CHECK(st.w == 1);  // tap (2, 2)
  CHECK(st.h == 1);
  CHECK(st.c0 == s.C - 32);   // its last channel slab
  CHECK(st.wrow == 8 * s.K);  // filter rows of tap 8
  CHECK(conv_out_offset(tile, s.K, s.H, s.W, 5, 30) == (1LL * s.K + 5) * 112 + 30);
}

TEST_CASE(
    "conv2d wgmma_halo: the transposed halo tile and shifted taps reproduce the convolution") {
  // ROWS 4 and 7 at W = 28 (its 120 and 216 outputs per block), two blocks along K, and a
  // narrower image (W = 12, 2 rows: 28 outputs rounded to 32, the rounding's extra outputs).
  const struct {
    Shape s;
    int rows;
  } cases[] = {{{2, 64, 128, 28, 28}, 4}, {{2, 32, 256, 14, 28}, 7}, {{3, 32, 128, 6, 12}, 2}};
  unsigned seed = 100;
  for (const auto& c : cases) {
    CAPTURE(c.s.W);
    CAPTURE(c.rows);
    CHECK(check(c.s, ++seed, [&](Tensors& t) { halo_kernel(c.s, c.rows, t); }) == 0);
  }
}
