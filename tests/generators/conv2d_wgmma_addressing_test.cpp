// conv2d's wgmma_tma on the CPU (no GPU here): its index maps (problems/conv2d/include/
// conv_tile_map.cuh, the same functions the kernel calls) driven the way the kernel drives
// them, with the hardware's part modelled from the PTX ISA: a TMA tile box lands densely,
// innermost extent first, and reads zero at coordinates outside the tensor; a wgmma m64nNk8
// accumulator d[4j + v] of lane l in warp w of a warpgroup is row 16w + l/4 (+8 for v >= 2),
// column 8j + 2(l%4) (+1 for odd v). The prep launch's two layouts, every block's box
// coordinates, the halo and the epilogue's stores are checked against a direct convolution in
// double at several shapes and every knob combination the kernel compiles (PIX 56/112/224).
#define __host__
#define __device__
#define __forceinline__ inline
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
        for (int kl = 0; kl < 128; ++kl)
          for (int cc = 0; cc < 32; ++cc)
            a[kl * 32 + cc] = t.wt[(long long)(st.wrow + kl) * s.C + st.c0 + cc];
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
        for (int m = 0; m < 128; ++m)
          for (int p = 0; p < pix; ++p) {
            double acc = 0.0;
            for (int cc = 0; cc < 32; ++cc) acc += a[m * 32 + cc] * b[p * 32 + cc];
            d[m * pix + p] += acc;
          }
      }
      for (int cw = 0; cw < 2; ++cw)
        for (int wq = 0; wq < 4; ++wq)
          for (int lane = 0; lane < 32; ++lane) {
            const int row = 64 * cw + 16 * wq + lane / 4, k = k0 + row;
            for (int j = 0; j < pix / 8; ++j) {
              const int p = 8 * j + 2 * (lane % 4);
              const long long off = conv_out_offset(tile, s.K, s.H, s.W, k, p);
              const long long offs[4] = {off, off + 1, off + 8LL * HW, off + 8LL * HW + 1};
              const double vals[4] = {d[row * pix + p], d[row * pix + p + 1],
                                      d[(row + 8) * pix + p], d[(row + 8) * pix + p + 1]};
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
long long check(const Shape& s, int pix, int imgs, unsigned seed) {
  Tensors t;
  std::mt19937 g(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  t.x.resize((size_t)s.NB * s.C * s.H * s.W);
  t.w.resize((size_t)s.K * s.C * 9);
  for (double& v : t.x) v = u(g);
  for (double& v : t.w) v = u(g);
  prep(s, t);
  main_kernel(s, pix, imgs, t);
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
        CHECK(check(s, pix, imgs, unsigned(points)) == 0);
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
