// Host emulation checks of tests/corpus_fresh24 (scripts/host_emu/run_fresh24.sh): every
// kernel/reference pair on reduced sizes with the kernels' own launch shapes, each reference
// called with the types the harness passes (float64 outputs, inout buffers holding the initial
// values as float64), compared at the folder's tolerance. The entropy on a 40 x 37 image of 16
// levels (ragged blocks, windows cut by every edge); pnpoly on 3000 points and the 600-vertex
// polygon (fused multiply-add contraction on, as nvcc compiles the edge test); Matern on 87
// targets (a ragged last block of 16); the Haar pass on 4096 samples (8 blocks); make_back on 64
// even sites. Each folder's two sources are included in a namespace of their own; the texts are
// the folders' own, unedited.
#include <cstdint>
#include <random>

#include "emu.h"
// after emu.h (its generator)
#include "batch_check.h"

// CUDA's device intrinsics as the kernels and references use them (glibc declares __log2f but
// exports no symbol: the kernel's call is renamed to a local one)
static inline float emu_log2f(float x) { return std::log2(x); }
#define __log2f emu_log2f
static inline float rsqrtf(float x) { return 1.0f / std::sqrt(x); }
static inline float __fdiv_rn(float a, float b) { return a / b; }
static inline float __fsub_rn(float a, float b) { return a - b; }
static inline float __fmaf_rn(float a, float b, float c) { return std::fmaf(a, b, c); }
using std::exp;
using std::fabs;
using std::log2;
using std::sqrt;

namespace en {
#include "f24/hecb_entropy_shared_count_kernel.cu"
#include "f24/hecb_entropy_shared_count_reference.cu"
}  // namespace en
namespace pp {
#include "f24/hecb_pnpoly_base_kernel.cu"
#include "f24/hecb_pnpoly_base_reference.cu"
}  // namespace pp
namespace mt {
#include "f24/hecb_matern_block_sum_kernel.cu"
#include "f24/hecb_matern_block_sum_reference.cu"
}  // namespace mt
namespace mb {
#include "f24/hecb_dslash_make_back_kernel.cu"
#include "f24/hecb_dslash_make_back_reference.cu"
}  // namespace mb
// the Haar pass's dynamic shared memory: the kernel's block-scope `extern __shared__ float
// pairs[]` names this namespace's array (blocks run one after another)
#undef __shared__
#define __shared__
namespace hw {
float pairs[512];
#include "f24/hecb_hwt1d_haar_kernel.cu"
#include "f24/hecb_hwt1d_haar_reference.cu"
}  // namespace hw
#undef __shared__
#define __shared__ static

static void entropy_case(const char* name, int h, int w) {
  std::vector<int> img((size_t)h * w);
  for (auto& v : img) v = (int)(16 * rndu()) & 15;
  std::vector<float> out(img.size(), 7.f);
  std::vector<double> ref(img.size(), 9.0);
  const dim3 g((w + 15) / 16, (h + 15) / 16), b(16, 16);
  emu::launch(g, b, [&] { en::entropy_opt(out.data(), img.data(), h, w); });
  emu::launch(g, b, [&] { en::entropy_ref(ref.data(), img.data(), h, w); });
  compare(name, out, ref, 1e-4, 1e-4);
}

static void pnpoly_case(const char* name, int n) {
  std::vector<float> pt(2 * (size_t)n), vtx(2 * 600);
  std::normal_distribution<double> nd(0.0, 1.0);
  std::mt19937 g(7);
  for (auto& v : pt) v = (float)nd(g);
  for (auto& v : vtx) v = (float)(-1.0 + 2.0 * rndu());
  std::vector<int> bits(n, 7);
  std::vector<double> ref(n, 9.0);
  emu::launch(dim3((n + 255) / 256), dim3(256), [&] {
    pp::pnpoly_base(bits.data(), (const float2*)pt.data(), (const float2*)vtx.data(), n);
  });
  emu::launch(dim3((n + 255) / 256), dim3(256),
              [&] { pp::pnpoly_ref(ref.data(), pt.data(), vtx.data(), n); });
  size_t ones = 0;
  for (int b : bits) ones += b == 1;
  printf("%-34s %zu of %d points inside\n", name, ones, n);
  compare(name, bits, ref, 0, 0);
}

static void matern_case(const char* name, int nt) {
  auto src = unif(150, 0, 1), tgt = unif(3 * (size_t)nt, 0, 1), w = unif(50, 0, 1);
  std::vector<float> out(nt, 7.f);
  std::vector<double> ref(nt, 9.0);
  const float l = 0.1f;
  emu::launch(dim3((nt + 15) / 16), dim3(16, 64),
              [&] { mt::matern_kernel(nt, l, src.data(), tgt.data(), w.data(), out.data()); });
  emu::launch(dim3((nt + 255) / 256), dim3(256),
              [&] { mt::matern_ref(nt, l, src.data(), tgt.data(), w.data(), ref.data()); });
  compare(name, out, ref, 1e-4, 1e-6);
}

static void haar_case(const char* name, unsigned len) {
  auto in = unif(len, 0, 10);
  auto c0 = unif(len, -1, 1);
  std::vector<float> coefs(c0), avg(len / 512, 7.f);
  std::vector<double> rc(c0.begin(), c0.end()), ravg(len / 512, 9.0);
  unsigned lv = 0;
  while ((1u << lv) < len) ++lv;
  emu::launch(dim3(len / 512), dim3(256),
              [&] { hw::dwtHaar1D(in.data(), coefs.data(), avg.data(), lv, len, 0, 9); });
  emu::launch(dim3((len / 512 + 127) / 128), dim3(128),
              [&] { hw::hwt_ref(in.data(), rc.data(), ravg.data(), len); });
  std::string a = std::string(name) + " coefs", b = std::string(name) + " averages";
  compare(a.c_str(), coefs, rc, 1e-4, 1e-6);
  compare(b.c_str(), avg, ravg, 1e-4, 1e-6);
}

static void make_back_case(const char* name, int even) {
  const int total = 2 * even;
  std::vector<float> fat((size_t)total * 4 * 18), lng(fat.size());
  for (auto& v : fat) v = (float)(-1.0 + 2.0 * rndu());
  for (auto& v : lng) v = (float)(-1.0 + 2.0 * rndu());
  std::vector<unsigned long long> bck((size_t)even * 4), bck3(bck.size());
  for (auto& v : bck) v = even + (unsigned long long)(even * rndu()) % even;
  for (auto& v : bck3) v = even + (unsigned long long)(even * rndu()) % even;
  std::vector<float> fb((size_t)even * 4 * 18, 7.f), lb(fb.size(), 7.f);
  std::vector<double> rf(fb.size(), 9.0), rl(fb.size(), 9.0);
  emu::launch(dim3(even), dim3(32), [&] {
    mb::make_back((const mb::mb_su3*)fat.data(), (const mb::mb_su3*)lng.data(),
                  (const size_t*)bck.data(), (const size_t*)bck3.data(), (mb::mb_su3*)fb.data(),
                  (mb::mb_su3*)lb.data(), even);
  });
  emu::launch(dim3((even + 255) / 256), dim3(256), [&] {
    mb::make_back_ref(fat.data(), lng.data(), bck.data(), bck3.data(), rf.data(), rl.data(), even);
  });
  std::string a = std::string(name) + " fat", b = std::string(name) + " long";
  compare(a.c_str(), fb, rf, 0, 0);
  compare(b.c_str(), lb, rl, 0, 0);
}

int main() {
  entropy_case("hecb_entropy (37 x 40)", 37, 40);
  pnpoly_case("hecb_pnpoly (3000)", 3000);
  matern_case("hecb_matern (87)", 87);
  haar_case("hecb_hwt1d (4096)", 4096);
  make_back_case("hecb_make_back (64)", 64);
  printf("f24_check: %d of 7 comparisons failed\n", bad);
  return bad ? 1 : 0;
}
