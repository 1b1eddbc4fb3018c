// Host emulation checks of tests/corpus_fresh20 (scripts/host_emu/run_fresh20.sh): every
// kernel/reference pair on reduced sizes with the kernels' own launch shapes, each reference
// called with the types the harness passes (float64 outputs), compared at the folder's tolerance.
// PyTorch's erfcx on normal draws and on a grid, both over a length that leaves a tail block
// (the element-by-element path) and a few special values; ArrayFire's median filters on an image
// whose sides are not multiples of 16 (partial blocks, the zero padding on every border);
// ArrayFire's IIR on signals long enough for its 256-thread launch. Each folder's two sources are
// included in a namespace of their own; the texts are the folders' own, unedited.
#include <cstdint>
#include <random>

#include "emu.h"
// after emu.h (its generator)
#include "batch_check.h"

// CUDA's overloads as the device code sees them: exp(float) is the float function
using std::erfc;
using std::exp;
using std::isnan;

namespace er {
#include "f20/pt_erfcx_randn_kernel.cu"
#include "f20/pt_erfcx_randn_reference.cu"
}  // namespace er
namespace el {
#include "f20/pt_erfcx_linspace_kernel.cu"
}  // namespace el
namespace m5 {
#include "f20/af_medfilt2_5x5_kernel.cu"
#include "f20/af_medfilt2_5x5_reference.cu"
}  // namespace m5
#undef MEDFILT_THREADS_X
#undef MEDFILT_THREADS_Y
#undef MEDFILT_EXCHANGE
namespace m7 {
#include "f20/af_medfilt2_7x7_kernel.cu"
#include "f20/af_medfilt2_7x7_reference.cu"
}  // namespace m7
namespace ii {
#include "f20/af_iir_biquad_kernel.cu"
#include "f20/af_iir_biquad_reference.cu"
}  // namespace ii

template <class K>
static void erfcx_case(const char* name, K kernel, const std::vector<float>& x) {
  const int n = (int)x.size();
  std::vector<float> y(x.size(), 7.f);
  std::vector<double> ref(x.size(), 9.0);
  emu::launch(dim3((unsigned)((n + 511) / 512)), dim3(128), [&] { kernel(n, x.data(), y.data()); });
  emu::launch(dim3((unsigned)((n + 255) / 256)), dim3(256),
              [&] { er::erfcx_exp_erfc_ref(n, x.data(), ref.data()); });
  compare(name, y, ref, 2e-5, 1e-7);
}

int main() {
  {  // erfcx: 20 full blocks and a tail block of 300 (the scalar path)
    const int n = 20 * 512 + 300;
    std::mt19937_64 g(20);
    std::normal_distribution<float> nd(0.f, 1.f);
    std::vector<float> x(n);
    for (auto& v : x) v = nd(g);
    x[5] = -6.3f, x[6] = -5.9f, x[n - 7] = -6.5f;  // the 2 exp(x^2) branch and its neighbour
    erfcx_case("pt_erfcx_randn (normal)", er::erfcx_vectorized_elementwise, x);
    std::vector<float> lin(n);
    for (int i = 0; i < n; ++i) lin[i] = (float)(-4.0 + 10.0 / n * i);
    erfcx_case("pt_erfcx_linspace (grid)", el::erfcx_vectorized_elementwise_lin, lin);
    // special values outside the reference formula's range: nan stays nan, x < -26.7 is inf,
    // the continued fraction above 50 against erfcx(x) ~ 1 / (sqrt(pi) x) (1 - 1 / (2 x^2))
    std::vector<float> s = {NAN, -30.f, 60.f, 1000.f, 6e7f, 0.f}, o(512, 0.f), in(512, 1.f);
    for (size_t i = 0; i < s.size(); ++i) in[i] = s[i];
    emu::launch(dim3(1), dim3(128),
                [&] { er::erfcx_vectorized_elementwise(512, in.data(), o.data()); });
    int ok = std::isnan(o[0]) && std::isinf(o[1]) && o[1] > 0;
    for (int i = 2; i <= 4; ++i) {
      const double xv = in[i], asym = 1 / (std::sqrt(M_PI) * xv) * (1 - 1 / (2 * xv * xv));
      ok &= std::fabs(o[i] - asym) <= 1e-5 * asym;
    }
    ok &= std::fabs(o[5] - 1.0f) <= 1e-6f;
    printf("%-34s %s\n", "pt_erfcx (special values)", ok ? "as expected" : "WRONG");
    bad += !ok;
  }
  for (int w : {5, 7}) {  // a 45 x 37 image: 3 x 3 blocks of 16 x 16, partial on both sides
    const int d0 = 45, d1 = 37, bx = (d0 + 15) / 16, by = (d1 + 15) / 16;
    auto img = unif((size_t)d0 * d1, 0, 1);
    std::vector<float> out(img.size(), 7.f);
    std::vector<double> ref(img.size(), 9.0);
    if (w == 5) {
      emu::launch(dim3(bx, by), dim3(16, 16),
                  [&] { m5::medfilt2_5x5(out.data(), img.data(), d0, d1, bx, by); });
      emu::launch(dim3((d0 * d1 + 255) / 256), dim3(256),
                  [&] { m5::medfilt2_5x5_sort_ref(img.data(), ref.data(), d0, d1); });
      compare("af_medfilt2_5x5 (45 x 37)", out, ref, 0, 0);
    } else {
      emu::launch(dim3(bx, by), dim3(16, 16),
                  [&] { m7::medfilt2_7x7(out.data(), img.data(), d0, d1, bx, by); });
      emu::launch(dim3((d0 * d1 + 255) / 256), dim3(256),
                  [&] { m7::medfilt2_7x7_sort_ref(img.data(), ref.data(), d0, d1); });
      compare("af_medfilt2_7x7 (45 x 37)", out, ref, 0, 0);
    }
  }
  {  // IIR: 3 signals of 300 samples (256 threads, as for the problem's 16384), a = 1, 0.3, -0.4
    const int len = 300, S = 3, na = 3;
    std::mt19937_64 g(7);
    std::normal_distribution<float> nd(0.f, 1.f);
    std::vector<float> c((size_t)S * len), a = {1.0f, (float)(1 - 0.7), (float)(1 - 1.4)};
    for (auto& v : c) v = nd(g);
    std::vector<float> y(c.size(), 7.f);
    std::vector<double> ref(c.size(), 9.0);
    emu::launch(dim3(1, S), dim3(256), [&] { ii::iir(y.data(), c.data(), a.data(), len, na, S); });
    emu::launch(dim3(1), dim3(32),
                [&] { ii::iir_direct_ref(c.data(), a.data(), ref.data(), len, na, S); });
    compare("af_iir_biquad (3 x 300)", y, ref, 1e-4, 2e-5);
  }
  printf("f20_check: %d of 6 comparisons failed\n", bad);
  return bad ? 1 : 0;
}
