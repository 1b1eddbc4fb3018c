// Host emulation checks of tests/corpus_fresh27 (scripts/host_emu/run_fresh27.sh): every
// kernel/reference pair with the kernels' own block sizes, each reference called with the types
// the harness passes (float64 outputs; an int64 inout in its own type, holding the initial
// values), compared at the folder's tolerance. Instances are smaller than the problems' (the
// emulator runs every thread as a coroutine) and grids are cut so each kernel's grid-stride or
// chunk loop runs several times: the alpha compositor on 2 images of 16 x 16, 4 points a pixel
// (some -1), 3 channels, a (2, 3) grid; the ball query on 2 clouds of 300 queries and 2000
// points, K = 8, radius 0.15, 4 blocks of 64; the PDF sampler on 50 rays with a 7-block grid; the
// gather tree at the problem's full instance (32 x 4 beams, 1024 steps), once with the problem's
// draw and once with end tokens frequent enough to exercise the end-token pass; the volume splat
// on 2 clouds of 5000 points, 3 features, 8^3 grids, 16 blocks. Each folder's two sources are
// included in a namespace of their own; the texts are the folders' own, unedited.
#include <cstdint>
#include <string>

#include "emu.h"
// after emu.h (its generator)
#include "batch_check.h"

template <class V>
static V __ldg(const V* p) {
  return *p;
}
static inline float __fsub_rn(float a, float b) { return a - b; }
static inline float __fmaf_rn(float a, float b, float c) { return std::fmaf(a, b, c); }
using std::fabs;

namespace ac {
#include "f27/p3d_alpha_composite_fwd_kernel.cu"
#include "f27/p3d_alpha_composite_fwd_reference.cu"
}  // namespace ac
namespace bq {
#include "f27/p3d_ball_query_kernel.cu"
#include "f27/p3d_ball_query_reference.cu"
}  // namespace bq
namespace sp {
#include "f27/p3d_sample_pdf_kernel.cu"
#include "f27/p3d_sample_pdf_reference.cu"
}  // namespace sp
namespace gt {
#include "f27/ft_gather_tree_kernel.cu"
#include "f27/ft_gather_tree_reference.cu"
}  // namespace gt
namespace pv {
#include "f27/p3d_points_to_volumes_kernel.cu"
#include "f27/p3d_points_to_volumes_reference.cu"
}  // namespace pv

static long long rndi(long long lo, long long hi) { return lo + (long long)(rnd64() % (hi - lo)); }

static void alpha_case(const char* name) {
  const long long N = 2, C = 3, K = 4, H = 16, W = 16, P = 1000;
  std::vector<float> feat = unif(C * P, -1, 1), alpha = unif(N * K * H * W, 0, 1);
  std::vector<long long> idx(N * K * H * W);
  for (auto& v : idx) v = rndu() < 0.1 ? -1 : rndi(0, P);  // some pixels with fewer points
  std::vector<float> out(N * C * H * W, 0.0f);
  std::vector<double> ref(N * C * H * W, 7.0);
  emu::launch(dim3(N, 3), dim3(64), [&] {
    ac::alphaCompositeCudaForwardKernel(out.data(), feat.data(), alpha.data(), idx.data(), C, K, H,
                                        W, P);
  });
  emu::launch(dim3((N * C * H * W + 255) / 256), dim3(256), [&] {
    ac::alpha_composite_ref(feat.data(), alpha.data(), idx.data(), ref.data(), N, C, K, H, W, P);
  });
  compare(name, out, ref, 1e-4, 1e-5);
}

static void ball_case(const char* name) {
  const long long N = 2, P1 = 300, P2 = 2000, K = 8;
  const int D = 3;
  const float radius = 0.15f, radius2 = radius * radius;
  std::vector<float> p1 = unif(N * P1 * D, 0, 1), p2 = unif(N * P2 * D, 0, 1);
  std::vector<long long> l1(N, P1), l2(N, P2);
  l2[1] = P2 - 77;  // a shorter second cloud
  std::vector<long long> ki(N * P1 * K, -1), ri(N * P1 * K, -1);
  std::vector<float> kd(N * P1 * K, 0.0f);
  std::vector<double> rd(N * P1 * K, 0.0);
  emu::launch(dim3(4), dim3(64), [&] {
    bq::BallQueryKernel(p1.data(), p2.data(), l1.data(), l2.data(), ki.data(), kd.data(), N, P1,
                        P2, D, K, radius, radius2, 0);
  });
  emu::launch(dim3((N * P1 + 127) / 128), dim3(128), [&] {
    bq::ball_query_ref(p1.data(), p2.data(), l1.data(), l2.data(), ri.data(), rd.data(), N, P1, P2,
                       D, K, radius2);
  });
  size_t full = 0;
  for (long long q = 0; q < N * P1; ++q) full += ki[q * K + K - 1] >= 0;
  printf("%-34s %zu of %lld queries found all %lld neighbours\n", name, full, N * P1, K);
  compare((std::string(name) + " idxs").c_str(), ki, ri, 0, 0);
  compare((std::string(name) + " dists").c_str(), kd, rd, 1e-6, 0);
}

static void pdf_case(const char* name) {
  const long long B = 50, nb = 62, ns = 64;
  const int T = 2;
  std::vector<float> bins((size_t)B * (nb + 1)), w = unif(B * nb, 0, 1), q = unif(B * ns, 0, 1);
  for (long long b = 0; b < B; ++b) {
    float z = 2.0f;
    for (long long k = 0; k <= nb; ++k) bins[b * (nb + 1) + k] = (z += (float)(4.0 / nb * rndu()));
  }
  w[5] = 0.0f, w[nb + 7] = 1e-6f;  // a bin at and one under eps
  std::vector<double> r(q.begin(), q.end());
  emu::launch(dim3(7), dim3(32), [&] {
    sp::SamplePdfCudaKernel(bins.data(), w.data(), q.data(), 1e-5f, T, B, nb, ns);
  });
  emu::launch(dim3((B * ns + 255) / 256), dim3(256), [&] {
    sp::sample_pdf_ref(bins.data(), w.data(), r.data(), 1e-5f, B, nb, ns);
  });
  compare(name, q, r, 1e-4, 1e-4);
}

static void tree_case(const char* name, int end_lo) {
  const int T = 1024, Bt = 32, Bw = 4, in_len = 128;
  std::vector<int> step((size_t)T * Bt * Bw), par((size_t)T * Bt * Bw), end(Bt, 50256),
      inl((size_t)Bt * Bw, in_len), msl((size_t)Bt * Bw, 1024);
  for (auto& v : step) v = (int)rndi(end_lo, 50257);
  for (auto& v : par) v = (int)rndi(0, Bw);
  std::vector<int> beams((size_t)T * Bt * Bw, -5), out((size_t)T * Bt * Bw, -5);
  std::vector<double> rb(beams.size(), 9), ro(out.size(), 9), rm(msl.begin(), msl.end());
  emu::launch(dim3(1), dim3(Bt * Bw), [&] {
    gt::gatherTree(beams.data(), msl.data(), 0, inl.data(), T, Bt, Bw, step.data(), par.data(),
                   end.data(), in_len, in_len, 0, out.data());
  });
  emu::launch(dim3(1), dim3(Bt * Bw), [&] {
    gt::gather_tree_ref(step.data(), par.data(), end.data(), inl.data(), rb.data(), rm.data(),
                        ro.data(), T, Bt, Bw, 0, in_len);
  });
  size_t ends = 0;
  for (int v : beams) ends += v == 50256;
  printf("%-34s %zu end tokens in the tree\n", name, ends);
  compare((std::string(name) + " beams").c_str(), beams, rb, 0, 0);
  compare((std::string(name) + " output_ids").c_str(), out, ro, 0, 0);
  compare((std::string(name) + " lengths").c_str(), msl, rm, 0, 0);
}

static void volume_case(const char* name) {
  const long long N = 2, P = 5000, C = 3, G = 8;
  std::vector<float> pts = unif(N * P * 3, -1, 1), f = unif(N * P * C, -1, 1), mask(N * P, 1.0f);
  mask[17] = 0.0f;
  pts[0] = -1.0f, pts[1] = 1.0f, pts[2] = 0.9999999f;  // corners on the grid's faces
  std::vector<long long> gs(N * 3, G);
  std::vector<float> kd(N * G * G * G, 0.0f), kf(N * C * G * G * G, 0.0f);
  std::vector<double> rd(kd.size(), 0.0), rf(kf.size(), 0.0);
  emu::launch(dim3(16), dim3(32), [&] {
    pv::PointsToVolumesForwardKernel(pts.data(), f.data(), kd.data(), kf.data(), gs.data(),
                                     mask.data(), 1.0f, 1, 1, N, P, C, G, G, G);
  });
  emu::launch(dim3((N * P + 255) / 256), dim3(256), [&] {
    pv::points_to_volumes_ref(pts.data(), f.data(), gs.data(), mask.data(), rd.data(), rf.data(),
                              1.0f, N, P, C, G, G, G);
  });
  compare((std::string(name) + " densities").c_str(), kd, rd, 1e-4, 1e-4);
  compare((std::string(name) + " features").c_str(), kf, rf, 1e-4, 1e-4);
}

int main() {
  alpha_case("p3d_alpha_composite_fwd");
  ball_case("p3d_ball_query");
  pdf_case("p3d_sample_pdf");
  tree_case("ft_gather_tree", 0);
  tree_case("ft_gather_tree (frequent ends)", 50200);
  volume_case("p3d_points_to_volumes");
  printf("%d comparison(s) failed\n", bad);
  return bad != 0;
}
