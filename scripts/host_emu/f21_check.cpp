// Host emulation checks of tests/corpus_fresh21 (scripts/host_emu/run_fresh21.sh): every
// kernel/reference pair on reduced sizes with the kernels' own launch shapes, each reference
// called with the types the harness passes (float64 outputs, int64 indices as long long),
// compared at the folder's tolerance. PyTorch's max pool with a 2 x 2 stride-2 window on odd
// planes and with the 13 x 13 SPP window (every output clipped on a 20 x 20 plane); PyTorch's
// weight norm on rows that are and are not multiples of the block; OpenCV's column filter on an
// image whose width is not a multiple of 16 and whose height puts both reflected borders and
// the raw-load branch in play; llama.cpp's Mamba-1 scan over two sequences whose state rows are
// swapped (ids = 1, 0). Each folder's two sources are included in a namespace of their own;
// the texts are the folders' own, unedited.
#include <cstdint>
#include <random>

#include "emu.h"
// after emu.h (its generator)
#include "batch_check.h"

// CUDA's overloads as the device code sees them
using std::isnan;

namespace pv {
#include "f21/pt_maxpool2d_vgg_pool2_kernel.cu"
#include "f21/pt_maxpool2d_vgg_pool2_reference.cu"
}  // namespace pv
namespace ps {
#include "f21/pt_maxpool2d_spp13_kernel.cu"
}  // namespace ps
namespace cg {
#include "f21/cv_gauss_column31_kernel.cu"
#include "f21/cv_gauss_column31_reference.cu"
}  // namespace cg
namespace ss {
#include "f21/ggml_ssm_scan_mamba_kernel.cu"
#include "f21/ggml_ssm_scan_mamba_reference.cu"
}  // namespace ss
// the weight norm's dynamic shared memory: the kernel's block-scope `extern __shared__ char
// buf[]` names this namespace's array (blocks run one after another)
#undef __shared__
#define __shared__
namespace wn {
char buf[1024];
#include "f21/pt_weight_norm_dim0_kernel.cu"
}  // namespace wn
#undef __shared__
#define __shared__ static
namespace wr {
#include "f21/pt_weight_norm_dim0_reference.cu"
}  // namespace wr

static std::vector<float> normal(size_t n, float mean, float sd, unsigned seed) {
  std::mt19937_64 g(seed);
  std::normal_distribution<float> nd(mean, sd);
  std::vector<float> v(n);
  for (auto& x : v) x = nd(g);
  return v;
}

template <class K>
static void pool_case(const char* name, K kernel, int n, int c, int h, int w, int k, int s,
                      int p) {
  const int oh = (h + 2 * p - k) / s + 1, ow = (w + 2 * p - k) / s + 1;
  const int count = n * c * oh * ow;
  auto x = normal((size_t)n * c * h * w, 0.f, 1.f, 21);
  std::vector<float> y(count, 7.f);
  std::vector<long long> idx(count, -5);
  std::vector<double> ry(count, 9.0);
  std::vector<long long> ridx(count, -9);
  const unsigned blocks = (unsigned)((count + 255) / 256);
  emu::launch(dim3(blocks), dim3(256), [&] {
    kernel(count, x.data(), n, c, h, w, oh, ow, k, k, s, s, p, p, 1, 1, y.data(), idx.data());
  });
  emu::launch(dim3(blocks), dim3(256), [&] {
    pv::maxpool_ref(x.data(), ry.data(), ridx.data(), n, c, h, w, oh, ow, k, s, p);
  });
  compare(name, y, ry, 0, 0);
  std::string iname = std::string(name) + " idx";
  compare(iname.c_str(), idx, ridx, 0, 0);
}

int main() {
  // VGG pool: 2 x 2 stride 2 on 11 x 13 planes (the last row and column unused, as floor mode)
  pool_case("pt_maxpool2d_vgg_pool2 (2x3x11x13)", pv::max_pool_forward_nchw, 2, 3, 11, 13, 2, 2,
            0);
  // SPP: 13 x 13 stride 1 pad 6 on 20 x 20 planes, every window clipped somewhere
  pool_case("pt_maxpool2d_spp13 (1x3x20x20)", ps::max_pool_forward_nchw_spp, 1, 3, 20, 20, 13, 1,
            6);
  for (int row_size : {7168, 1000}) {  // weight norm: 3 rows, 256 threads, 1 KB shared
    const int rows = 3;
    auto v = normal((size_t)rows * row_size, 0.f, 0.02f, 5);
    auto g = unif(rows, 0.5, 1.5);
    std::vector<float> w(v.size(), 7.f), norms(rows, 7.f);
    std::vector<double> rw(v.size(), 9.0), rn(rows, 9.0);
    emu::launch(dim3(rows), dim3(256), [&] {
      wn::weight_norm_fwd_first_dim_kernel(w.data(), norms.data(), v.data(), g.data(), row_size);
    });
    emu::launch(dim3(rows), dim3(256), [&] {
      wr::weight_norm_ref(v.data(), g.data(), rw.data(), rn.data(), rows, row_size);
    });
    char nm[64];
    snprintf(nm, sizeof nm, "pt_weight_norm_dim0 w (3 x %d)", row_size);
    compare(nm, w, rw, 2e-5, 1e-9);
    snprintf(nm, sizeof nm, "pt_weight_norm_dim0 norms (3 x %d)", row_size);
    compare(nm, norms, rn, 2e-5, 1e-9);
  }
  {  // column filter: 200 x 40 (4 row blocks: the first reflects above, the last two below)
    const int rows = 200, cols = 40, ks = 31, anchor = 15;
    auto src = unif((size_t)rows * cols, 0, 1);
    auto taps = unif(ks, 0, 0.0645);
    std::vector<float> dst(src.size(), 7.f);
    std::vector<double> ref(src.size(), 9.0);
    const size_t step = (size_t)cols * sizeof(float);
    emu::launch(dim3((rows + 63) / 64, (cols + 15) / 16), dim3(16, 16), [&] {
      cg::linearColumnFilter(src.data(), rows, cols, step, dst.data(), step, taps.data(), anchor);
    });
    emu::launch(dim3((rows * cols + 255) / 256), dim3(256), [&] {
      cg::column_filter_ref(src.data(), taps.data(), ref.data(), rows, cols, ks, anchor);
    });
    compare("cv_gauss_column31 (200 x 40)", dst, ref, 2e-5, 1e-6);
  }
  {  // Mamba-1 scan: 2 sequences x 50 tokens x 256 channels, state rows swapped
    const int d = 256, L = 50, S = 2, N = 16;
    auto s0 = normal((size_t)S * d * N, 0.f, 0.1f, 1);
    auto x = normal((size_t)S * L * d, 0.f, 1.f, 2);
    auto dt = normal((size_t)S * L * d, -4.6f, 1.f, 3);
    dt[7] = 25.f;  // above 20: softplus skipped
    auto A = unif((size_t)d * N, -16, -1);
    auto B = normal((size_t)S * L * N, 0.f, 1.f, 4);
    auto C = normal((size_t)S * L * N, 0.f, 1.f, 5);
    std::vector<int> ids = {1, 0};
    const size_t len = (size_t)d * L * S + (size_t)N * d * S;
    std::vector<float> out(len, 7.f);
    std::vector<double> ref(len, 9.0);
    const int s0_nb2 = N * 4, s0_nb3 = N * d * 4, x_nb2 = d * 4, x_nb3 = d * L * 4;
    const int bc_nb2 = N * 4, bc_nb3 = N * L * 4, a_nb1 = N * 4;
    const long long s_off = (long long)d * L * S * 4;
    emu::launch(dim3(S, d / 128), dim3(128), [&] {
      ss::ssm_scan_f32(s0.data(), x.data(), dt.data(), A.data(), B.data(), C.data(), ids.data(),
                       out.data(), s0_nb2, s0_nb3, x_nb2, x_nb3, x_nb2, x_nb3, a_nb1, bc_nb2,
                       bc_nb3, bc_nb2, bc_nb3, s_off, (long long)d, (long long)L);
    });
    emu::launch(dim3((d * S + 63) / 64), dim3(64), [&] {
      ss::ssm_scan_ref(s0.data(), x.data(), dt.data(), A.data(), B.data(), C.data(), ids.data(),
                       ref.data(), d, L, S);
    });
    compare("ggml_ssm_scan_mamba (2 x 50 x 256)", out, ref, 1e-4, 1e-5);
  }
  printf("f21_check: %d of 10 comparisons failed\n", bad);
  return bad ? 1 : 0;
}
