// Host emulation checks of tests/corpus_fresh22 (scripts/host_emu/run_fresh22.sh): every
// kernel/reference pair on reduced sizes with the kernels' own launch shapes, each reference
// called with the types the harness passes (float64 outputs), compared at the folder's
// tolerance. llama.cpp's triangular solve on three systems of the folder's law (near-ones A,
// normal B) and on one with a zero on the diagonal; PyTorch's batch-norm statistics on planes
// whose size is not a multiple of the 512-thread block; PyTorch's LSTM cell with a hidden size
// that is not a multiple of the block and a grid shorter than the elements (the grid-stride
// loop); HeCBench's HACCmk with the folder's full 15000-particle list for 512 particles and
// for 300 particles (a ragged last block) against 4000; PyTorch's reflection pad on a
// plane smaller than a block, one of several blocks with a ragged last block, and padding 3.
// Each folder's two sources are included in a namespace of their own; the texts are the
// folders' own, unedited.
#include <cstdint>
#include <random>

#include "emu.h"
// after emu.h (its generator)
#include "batch_check.h"

// CUDA's float overloads and the integer max as the device code sees them
using std::exp;
using std::max;
using std::sqrt;
using std::tanh;

namespace st {
#include "f22/ggml_solve_tri_64x32_kernel.cu"
#include "f22/ggml_solve_tri_64x32_reference.cu"
}  // namespace st
namespace bn {
#include "f22/pt_batch_norm_stats_nchw_kernel.cu"
#include "f22/pt_batch_norm_stats_nchw_reference.cu"
}  // namespace bn
namespace ls {
#include "f22/pt_lstm_cell_fwd_kernel.cu"
#include "f22/pt_lstm_cell_fwd_reference.cu"
}  // namespace ls
namespace hk {
#include "f22/hecb_haccmk_short_force_kernel.cu"
#include "f22/hecb_haccmk_short_force_reference.cu"
}  // namespace hk
namespace rp {
#include "f22/pt_reflection_pad2d_kernel.cu"
#include "f22/pt_reflection_pad2d_reference.cu"
}  // namespace rp

static std::vector<float> normal(size_t n, float mean, float sd, unsigned seed) {
  std::mt19937_64 g(seed);
  std::normal_distribution<float> nd(mean, sd);
  std::vector<float> v(n);
  for (auto& x : v) x = nd(g);
  return v;
}

static void solve_case(const char* name, int systems, bool zero_diag) {
  const int n = 64, k = 32;
  auto A = unif((size_t)systems * n * n, 0.98, 1.02);
  if (zero_diag) A[5 * n + 5] = 0.f;  // system 0, row 5: the kernel writes 0 there
  auto B = normal((size_t)systems * n * k, 0.f, 1.f, 7);
  std::vector<float> X(B.size(), 7.f);
  std::vector<double> R(B.size(), 9.0);
  const long long nb02 = n * n * 4, nb12 = n * k * 4;
  const int ne02 = 2;  // systems = ne02 * ne03 with ne03 = systems / 2 (rounded up)
  emu::launch(dim3(systems), dim3(32, 32), [&] {
    st::solve_tri_f32_fast(A.data(), B.data(), X.data(), ne02, nb02, nb02 * ne02, nb12, nb12 * ne02,
                           nb12, nb12 * ne02);
  });
  emu::launch(dim3((systems * 32 + 255) / 256), dim3(256),
              [&] { st::solve_tri_ref(A.data(), B.data(), R.data(), systems); });
  compare(name, X, R, 1e-3, 1e-4);
}

static void bn_case(const char* name, int nb, int c, int hw) {
  auto x = normal((size_t)nb * c * hw, 0.2f, 1.f, 11);
  std::vector<float> m(c, 7.f), is(c, 7.f);
  std::vector<double> rm(c, 9.0), ris(c, 9.0);
  emu::launch(dim3(c), dim3(512, 1), [&] {
    bn::batch_norm_collect_statistics_kernel(x.data(), nb, c, hw, 1e-5f, 0.f, m.data(), is.data());
  });
  emu::launch(dim3(c), dim3(256),
              [&] { bn::bn_stats_ref(x.data(), rm.data(), ris.data(), nb, c, hw, 1e-5f); });
  std::string a = std::string(name) + " mean", b = std::string(name) + " invstd";
  compare(a.c_str(), m, rm, 1e-4, 1e-5);
  compare(b.c_str(), is, ris, 1e-4, 1e-5);
}

static void lstm_case(const char* name, int batch, int hsz, int blocks) {
  const int total = batch * hsz;
  auto in = normal((size_t)batch * 4 * hsz, 0.f, 1.f, 21);
  auto hid = normal((size_t)batch * 4 * hsz, 0.f, 1.f, 22);
  auto b1 = unif(4 * hsz, -0.1, 0.1);
  auto b2 = unif(4 * hsz, -0.1, 0.1);
  auto cx = normal(total, 0.f, 1.f, 23);
  std::vector<float> hy(total, 7.f), cy(total, 7.f), ws((size_t)batch * 4 * hsz, 7.f);
  std::vector<double> rhy(total, 9.0), rcy(total, 9.0), rws(ws.size(), 9.0);
  emu::launch(dim3(blocks), dim3(512), [&] {
    ls::lstm_cell_forward(in.data(), hid.data(), b1.data(), b2.data(), cx.data(), hy.data(),
                          cy.data(), ws.data(), (unsigned)hsz, (unsigned)total);
  });
  emu::launch(dim3((total + 255) / 256), dim3(256), [&] {
    ls::lstm_cell_ref(in.data(), hid.data(), b1.data(), b2.data(), cx.data(), rhy.data(),
                      rcy.data(), rws.data(), hsz, total);
  });
  std::string a = std::string(name) + " hy", b = std::string(name) + " cy",
              c = std::string(name) + " workspace";
  compare(a.c_str(), hy, rhy, 1e-5, 1e-6);
  compare(b.c_str(), cy, rcy, 1e-5, 1e-6);
  compare(c.c_str(), ws, rws, 1e-5, 1e-6);
}

static void hacc_case(const char* name, int n1, int n2, double side) {
  auto xx = unif(n2, 0, side), yy = unif(n2, 0, side), zz = unif(n2, 0, side);
  auto mass = unif(n2, 0.5, 1.5);
  auto vx = normal(n1, 0.f, 1.f, 31), vy = normal(n1, 0.f, 1.f, 32), vz = normal(n1, 0.f, 1.f, 33);
  std::vector<double> rx(vx.begin(), vx.end()), ry(vy.begin(), vy.end()), rz(vz.begin(), vz.end());
  emu::launch(dim3((n1 + 255) / 256), dim3(256), [&] {
    hk::haccmk_kernel(n1, n2, xx.data(), yy.data(), zz.data(), mass.data(), vx.data(), vy.data(),
                      vz.data(), 0.5f, 0.03f, 0.23f);
  });
  emu::launch(dim3((n1 + 255) / 256), dim3(256), [&] {
    hk::haccmk_ref(n1, n2, xx.data(), yy.data(), zz.data(), mass.data(), rx.data(), ry.data(),
                   rz.data(), 0.5f, 0.03f, 0.23f);
  });
  std::string a = std::string(name) + " vx", b = std::string(name) + " vy",
              c = std::string(name) + " vz";
  compare(a.c_str(), vx, rx, 1e-4, 2e-2);
  compare(b.c_str(), vy, ry, 1e-4, 2e-2);
  compare(c.c_str(), vz, rz, 1e-4, 2e-2);
}

static void pad_case(const char* name, int n, int c, int ih, int iw, int pad) {
  const int oh = ih + 2 * pad, ow = iw + 2 * pad, plane = oh * ow;
  auto x = normal((size_t)n * c * ih * iw, 0.f, 1.f, 41);
  std::vector<float> y((size_t)n * c * plane, 7.f);
  std::vector<double> r(y.size(), 9.0);
  const int bs = plane > 256 ? 256 : plane;
  emu::launch(dim3((plane + 255) / 256, c, n), dim3(bs), [&] {
    rp::reflection_pad2d_out_kernel(x.data(), y.data(), iw, ih, pad, pad, pad, pad);
  });
  emu::launch(dim3((unsigned)((y.size() + 255) / 256)), dim3(256), [&] {
    rp::reflection_pad_ref(x.data(), r.data(), (long long)n * c, ih, iw, pad, pad);
  });
  compare(name, y, r, 0, 0);
}

int main() {
  solve_case("ggml_solve_tri_64x32 (3 systems)", 3, false);
  solve_case("ggml_solve_tri_64x32 (zero diag)", 2, true);
  bn_case("pt_batch_norm_stats_nchw (3x2x1000)", 3, 2, 1000);
  bn_case("pt_batch_norm_stats_nchw (2x1x12544)", 2, 1, 12544);
  lstm_case("pt_lstm_cell_fwd (5 x 300, 2 blk)", 5, 300, 2);
  hacc_case("hecb_haccmk (512 x 15000, 0.4)", 512, 15000, 0.4);
  hacc_case("hecb_haccmk (300 x 4000, ragged)", 300, 4000, 0.4);
  pad_case("pt_reflection_pad2d (2x3x5x7 p1)", 2, 3, 5, 7, 1);
  pad_case("pt_reflection_pad2d (1x2x20x20 p2)", 1, 2, 20, 20, 2);
  pad_case("pt_reflection_pad2d (2x2x9x9 p3)", 2, 2, 9, 9, 3);
  printf("f22_check: %d of 18 comparisons failed\n", bad);
  return bad ? 1 : 0;
}
