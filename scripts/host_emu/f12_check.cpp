// Host emulation checks of tests/corpus_fresh12 (scripts/host_emu/run_fresh12.sh): each kernel
// against its reference on reduced sizes with the kernels' launch shapes (ragged last blocks,
// 2-D grids), every reference called with the types the harness passes (float64 for each
// out/inout buffer; the byte planes as u32 words), compared at the folder's tolerance. The
// folders' sources are included as run_fresh12.sh copies them; the two Ginkgo kernels each
// define gko::stopping_status, so each is included in a namespace of its own.
#include <cstdint>

#include "emu.h"

// What emu.h does not define and the batch uses (host versions of the device intrinsics).
#define __restrict__
#define __align__(n) alignas(n)
// glibc declares __sincosf and __expf without exporting them: macros to the accurate calls
#define __sincosf(x, s, c) sincosf(x, s, c)
#define __expf(x) expf(x)
static inline float __saturatef(float x) { return x < 0.f ? 0.f : (x > 1.f ? 1.f : x); }

#include "f12/culsp_lomb_scargle_kernel.cu"
#include "f12/culsp_lomb_scargle_reference.cu"
#include "f12/ffmpeg_bilateral_kernel.cu"
#include "f12/ffmpeg_bilateral_reference.cu"
#include "f12/ffmpeg_chromakey_kernel.cu"
#include "f12/ffmpeg_chromakey_reference.cu"
#include "f12/ffmpeg_thumbnail_hist_kernel.cu"
#include "f12/ffmpeg_thumbnail_hist_reference.cu"
namespace g1 {
#include "f12/ginkgo_cg_step1_kernel.cu"
}
#include "f12/ginkgo_cg_step1_reference.cu"
namespace g2 {
#include "f12/ginkgo_cg_step2_kernel.cu"
}
#include "f12/ginkgo_cg_step2_reference.cu"
#include "f12/knn_add_norms_kernel.cu"
#include "f12/knn_add_norms_reference.cu"
#include "f12/knn_compute_distances_kernel.cu"
#include "f12/knn_compute_distances_reference.cu"
#include "f12/knn_insertion_sort_kernel.cu"
#include "f12/knn_insertion_sort_reference.cu"
#include "f12/knn_squared_norm_kernel.cu"
#include "f12/knn_squared_norm_reference.cu"
#include "f12/magma_dlaswp_kernel.cu"
#include "f12/magma_dlaswp_reference.cu"
#include "f12/su3_mat_nn_kernel.cu"
#include "f12/su3_mat_nn_reference.cu"

#include "batch_check.h"

// n u32 words of uniform random bytes
static std::vector<uint32_t> words(size_t n) {
  std::vector<uint32_t> v(n);
  for (auto& w : v) w = (uint32_t)(rndu() * 4294967296.0);
  return v;
}
static std::vector<double> unifd(size_t n, double lo, double hi) {
  std::vector<double> v(n);
  for (auto& x : v) x = lo + (hi - lo) * rndu();
  return v;
}

int main() {
  {  // su3: 10 sites, blocks of 128 (3 sites each), 4 blocks: the last threads have no site
    const int sites = 10;
    auto a = unifd(sites * 72, -1, 1), b = unifd(72, -1, 1);
    std::vector<double> c(sites * 72, 7.0), ref(sites * 72, 9.0);
    emu::launch(dim3((sites + 2) / 3), dim3(128), [&] {
      k_mat_nn((const site*)a.data(), (const su3_matrix*)b.data(), (site*)c.data(), sites);
    });
    emu::launch(dim3(2), dim3(64), [&] { su3_mat_nn_ref(sites, a.data(), b.data(), ref.data()); });
    compare("su3_mat_nn", c, ref, 1e-12, 1e-12);
  }
  {  // dlaswp: 1024 rows (the pivots reach row 1019) x 100 columns, 2 blocks of 64
    const int n = 100, ldda = 100, rows = 1024;
    auto A = unifd((size_t)rows * ldda, -1, 1);
    const std::vector<double> before = A;
    std::vector<double> ref = A;
    emu::launch(dim3((n + 63) / 64), dim3(64), [&] { dlaswp_kernel(n, A.data(), ldda, 32); });
    emu::launch(dim3(1), dim3(64), [&] { dlaswp_ref(n, ldda, 32, ref.data()); });
    compare("magma_dlaswp", A, ref, 0, 0);
    size_t moved = 0;  // the swaps moved rows (a kernel that did nothing would differ here)
    for (size_t i = 0; i < A.size(); ++i) moved += A[i] != before[i];
    printf("%-34s %zu of %zu values moved\n", "magma_dlaswp", moved, A.size());
    bad += moved == 0;
  }
  {  // culsp: 600 samples (two whole chunks and a ragged one of 88), 512 frequencies
    const int N_t = 600, N_f = 512;
    const float df = 0.0025f;
    std::vector<float> t = unif(N_t, 0, 100);
    std::sort(t.begin(), t.end());
    std::vector<float> X(N_t);
    for (auto& x : X) x = (float)(rndu() * 2 - 1);
    std::vector<float> P(N_f, 7.f);
    std::vector<double> ref(N_f, 9.0);
    emu::launch(dim3(N_f / 256), dim3(256),
                [&] { culsp_kernel(t.data(), X.data(), P.data(), df, N_t); });
    emu::launch(dim3(2), dim3(128),
                [&] { culsp_ref(N_f, N_t, df, t.data(), X.data(), ref.data()); });
    compare("culsp_lomb_scargle", P, ref, 1e-3, 1e-3);
  }
  {  // knn distances: 40 reference, 20 query points, dimension 20 (a ragged last slice)
    const int R = 40, Q = 20, D = 20;
    auto ref_pts = unif((size_t)D * R, 0, 1), q_pts = unif((size_t)D * Q, 0, 1);
    std::vector<float> dist((size_t)R * Q, 7.f);
    std::vector<double> ref((size_t)R * Q, 9.0);
    emu::launch(dim3((Q + 15) / 16, (R + 15) / 16), dim3(16, 16), [&] {
      compute_distances(ref_pts.data(), R, R, q_pts.data(), Q, Q, D, dist.data());
    });
    emu::launch(dim3(4), dim3(64),
                [&] { knn_dist_ref(R, Q, D, ref_pts.data(), q_pts.data(), ref.data()); });
    compare("knn_compute_distances", dist, ref, 1e-4, 1e-4);
  }
  for (int ties = 0; ties < 2; ++ties) {  // insertion sort: 300 columns, 500 rows, k 16
    const int W = 300, H = 500, k = 16;
    std::vector<float> dist((size_t)W * H);
    for (auto& v : dist) {
      v = (float)(21.3 + 2.4 * (rndu() * 2 - 1));
      if (ties) v = std::round(v * 2) / 2;  // many equal distances: the order of ties
    }
    std::vector<double> rdist(dist.begin(), dist.end());
    std::vector<int> index((size_t)k * W, -7);
    std::vector<double> rindex((size_t)k * W, -9);
    emu::launch(dim3((W + 255) / 256), dim3(256),
                [&] { modified_insertion_sort(dist.data(), W, index.data(), W, W, H, k); });
    emu::launch(dim3(2), dim3(64), [&] { knn_sort_ref(W, H, k, rdist.data(), rindex.data()); });
    compare(ties ? "knn_insertion_sort (ties)" : "knn_insertion_sort", dist, rdist, 0, 0);
    compare(ties ? "knn_insertion_sort index (ties)" : "knn_insertion_sort index", index, rindex, 0,
            0);
  }
  {  // add the reference norms: 40 x 36, 16 x 16 blocks, ragged both ways
    const int W = 40, H = 36;
    auto a = unif((size_t)W * H, -80, -40), nrm = unif(H, 30, 50);
    std::vector<double> ref(a.begin(), a.end());
    emu::launch(dim3((W + 15) / 16, (H + 15) / 16), dim3(16, 16),
                [&] { addReferencePointsNorm(a.data(), W, W, H, nrm.data()); });
    emu::launch(dim3(2), dim3(64), [&] { knn_add_norm_ref(W, H, nrm.data(), ref.data()); });
    compare("knn_add_norms", a, ref, 1e-6, 1e-6);
  }
  {  // squared norms: 300 points of dimension 20, 2 blocks of 256
    const int W = 300, H = 20;
    auto a = unif((size_t)W * H, 0, 1);
    std::vector<float> nrm(W, 7.f);
    std::vector<double> ref(W, 9.0);
    emu::launch(dim3((W + 255) / 256), dim3(256),
                [&] { compute_squared_norm(a.data(), W, W, H, nrm.data()); });
    emu::launch(dim3(2), dim3(64), [&] { knn_sqnorm_ref(W, H, a.data(), ref.data()); });
    compare("knn_squared_norm", nrm, ref, 1e-5, 1e-5);
  }
  {  // thumbnail: a 100 x 40 plane, 4 x 3 blocks of 32 x 16
    const int Wd = 100, Ht = 40, pitch = 100;
    auto luma = words((size_t)Ht * pitch / 4);
    std::vector<int> hist(256, 0);
    std::vector<double> ref(256, 9.0);
    emu::launch(dim3((Wd + 31) / 32, (Ht + 15) / 16), dim3(32, 16), [&] {
      Thumbnail_uchar((const unsigned char*)luma.data(), pitch, hist.data(), Wd, Ht);
    });
    emu::launch(dim3(256), dim3(64),
                [&] { thumbnail_hist_ref(Wd, Ht, pitch, luma.data(), ref.data()); });
    compare("ffmpeg_thumbnail_hist", hist, ref, 0, 0);
  }
  {  // bilateral: a 40 x 20 yuv444p frame, window 9, 2 x 2 blocks of 32 x 16
    const int Wd = 40, Ht = 20, pitch = 40, win = 9;
    const float sS = 3.f, sR = 50.f;
    auto Y = words((size_t)Ht * pitch / 4), U = words((size_t)Ht * pitch / 4),
         V = words((size_t)Ht * pitch / 4);
    std::vector<float> dY((size_t)Wd * Ht, 7.f), dU = dY, dV = dY;
    std::vector<double> rY((size_t)Wd * Ht, 9.0), rU = rY, rV = rY;
    emu::launch(dim3((Wd + 31) / 32, (Ht + 15) / 16), dim3(32, 16), [&] {
      bilateral_Process_uchar((const unsigned char*)Y.data(), (const unsigned char*)U.data(),
                              (const unsigned char*)V.data(), dY.data(), dU.data(), dV.data(), Wd,
                              Ht, pitch, Wd, Ht, pitch, win, sS, sR);
    });
    emu::launch(dim3(2), dim3(128), [&] {
      bilateral_ref(Wd, Ht, pitch, win, sS, sR, Y.data(), U.data(), V.data(), rY.data(), rU.data(),
                    rV.data());
    });
    compare("ffmpeg_bilateral Y", dY, rY, 1e-4, 1e-2);
    compare("ffmpeg_bilateral U", dU, rU, 1e-4, 1e-2);
    compare("ffmpeg_bilateral V", dV, rV, 1e-4, 1e-2);
  }
  {  // chromakey: a 72 x 40 yuv420p frame, 3 x 3 blocks of 32 x 16
    const int Wd = 72, Ht = 40, pitch = 72, Wu = 36, Hu = 20, pu = 36;
    auto Y = words((size_t)Ht * pitch / 4), U = words((size_t)Hu * pu / 4),
         V = words((size_t)Hu * pu / 4);
    std::vector<uint32_t> dY(Y.size(), 7), dU(U.size(), 7), dV(V.size(), 7);
    std::vector<float> dA((size_t)Wd * Ht, 7.f);
    std::vector<double> rY(Y.size(), 9), rU(U.size(), 9), rV(V.size(), 9), rA(dA.size(), 9);
    emu::launch(dim3((Wd + 31) / 32, (Ht + 15) / 16), dim3(32, 16), [&] {
      chromakey_Process_uchar((const unsigned char*)Y.data(), (const unsigned char*)U.data(),
                              (const unsigned char*)V.data(), (unsigned char*)dY.data(),
                              (unsigned char*)dU.data(), (unsigned char*)dV.data(), dA.data(), Wd,
                              Ht, pitch, Wu, Hu, pu, 42.f, 26.f, 0.3f, 0.2f);
    });
    emu::launch(dim3(2), dim3(128), [&] {
      chromakey_ref(Wd, Ht, pitch, Wu, Hu, pu, 42.f, 26.f, 0.3f, 0.2f, Y.data(), U.data(), V.data(),
                    rY.data(), rU.data(), rV.data(), rA.data());
    });
    compare("ffmpeg_chromakey Y", dY, rY, 0, 0);
    compare("ffmpeg_chromakey U", dU, rU, 0, 0);
    compare("ffmpeg_chromakey V", dV, rV, 0, 0);
    compare("ffmpeg_chromakey alpha", dA, rA, 1e-4, 1e-2);
    int mid = 0;  // alphas strictly inside (0, 255): the blend, not only its clamps, is checked
    for (double a : rA) mid += a > 0 && a < 255;
    printf("%-34s %d of %zu alphas inside (0, 255)\n", "ffmpeg_chromakey", mid, rA.size());
    bad += mid == 0;
  }
  for (int zero = 0; zero < 2; ++zero) {  // Ginkgo CG step 1: 1000 rows, 2 blocks of 512
    const long long n = 1000;
    auto p = unifd(n, -1, 1), z = unifd(n, -1, 1);
    std::vector<double> rho{0.8}, prev{zero ? 0.0 : 1.3};
    uint32_t stop = 0;
    std::vector<double> ref = p;
    emu::launch(dim3(2), dim3(512), [&] {
      g1::step_1_kernel(n, 1, 1, p.data(), z.data(), rho.data(), prev.data(),
                        (const g1::stopping_status*)&stop);
    });
    emu::launch(dim3(2), dim3(64),
                [&] { cg_step1_ref(n, z.data(), rho.data(), prev.data(), ref.data()); });
    compare(zero ? "ginkgo_cg_step1 (prev_rho 0)" : "ginkgo_cg_step1", p, ref, 1e-10, 1e-10);
  }
  for (int zero = 0; zero < 2; ++zero) {  // Ginkgo CG step 2: 1000 rows, 2 blocks of 512
    const long long n = 1000;
    auto x = unifd(n, -1, 1), r = unifd(n, -1, 1), p = unifd(n, -1, 1), q = unifd(n, -1, 1);
    std::vector<double> beta{zero ? 0.0 : 1.1}, rho{0.7};
    uint32_t stop = 0;
    std::vector<double> rx = x, rr = r;
    emu::launch(dim3(2), dim3(512), [&] {
      g2::step_2_kernel(n, 1, 1, 1, x.data(), r.data(), p.data(), q.data(), beta.data(), rho.data(),
                        (const g2::stopping_status*)&stop);
    });
    emu::launch(dim3(2), dim3(64), [&] {
      cg_step2_ref(n, p.data(), q.data(), beta.data(), rho.data(), rx.data(), rr.data());
    });
    compare(zero ? "ginkgo_cg_step2 x (beta 0)" : "ginkgo_cg_step2 x", x, rx, 1e-10, 1e-10);
    compare(zero ? "ginkgo_cg_step2 r (beta 0)" : "ginkgo_cg_step2 r", r, rr, 1e-10, 1e-10);
  }
  printf("%d check(s) failed\n", bad);
  return bad ? 1 : 0;
}
