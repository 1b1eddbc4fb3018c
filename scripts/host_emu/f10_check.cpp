// Host emulation checks of tests/corpus_fresh10 (scripts/host_emu/run_fresh10.sh): each kernel
// against its reference on reduced sizes or a subset of blocks, with the folder's tolerance. The
// folders' sources are included unchanged (run_fresh10.sh copies them).
#include "emu.h"

// What emu.h does not define and the batch uses.
#define __restrict__
static int __clzll(long long x) { return x == 0 ? 64 : __builtin_clzll((unsigned long long)x); }
// CUDA's atomicAdd(unsigned int*, unsigned int) called with an int literal, as the CUB kernels do
static unsigned atomicAdd(unsigned* p, int v) {
  unsigned o = *p;
  *p = o + (unsigned)v;
  return o;
}
// The references' float64 histograms (a reference writes its outputs in float64)
static double atomicAdd(double* p, double v) {
  double o = *p;
  *p = o + v;
  return o;
}
static float4 make_float4(float x, float y, float z, float w) {
  float4 f;
  f.x = x, f.y = y, f.z = z, f.w = w;
  return f;
}
static unsigned long long atomicXor(unsigned long long* p, unsigned long long v) {
  unsigned long long o = *p;
  *p = o ^ v;
  return o;
}

#include "f10/caffe_im2col_kernel.cu"
#include "f10/caffe_im2col_reference.cu"
#include "f10/caffe_maxpool_fwd_kernel.cu"
#include "f10/caffe_maxpool_fwd_reference.cu"
#include "f10/cub_histo_gmem_solid_kernel.cu"
#include "f10/cub_histo_gmem_solid_reference.cu"
#include "f10/cub_histo_smem_solid_kernel.cu"
#include "f10/cub_histo_smem_solid_reference.cu"
#include "f10/nvblog_gups_update_kernel.cu"
#include "f10/nvblog_gups_update_reference.cu"
#include "f10/nvblog_ls_generate_paths_kernel.cu"
#include "f10/nvblog_ls_generate_paths_reference.cu"
#include "f10/parboil_sgemm_nt_kernel.cu"
#include "f10/parboil_sgemm_nt_reference.cu"
#include "f10/pbacc_bicg_kernel1_kernel.cu"
#include "f10/pbacc_bicg_kernel1_reference.cu"
#include "f10/pbacc_conv2d_kernel.cu"
#include "f10/pbacc_conv2d_reference.cu"
#include "f10/pbacc_fdtd_hz_kernel.cu"
#include "f10/pbacc_fdtd_hz_reference.cu"
#include "f10/pbacc_lu_kernel2_kernel.cu"
#include "f10/pbacc_lu_kernel2_reference.cu"
#include "f10/pbacc_syrk_kernel.cu"
#include "f10/pbacc_syrk_reference.cu"

#include "batch_check.h"
static std::vector<dim3> blocks2(std::initializer_list<std::pair<int, int>> l) {
  std::vector<dim3> v;
  for (auto p : l) v.push_back(dim3(p.first, p.second));
  return v;
}

int main() {
  {  // im2col: 3 channels of 20 x 24, 3 x 3, pad 1, stride 1 (and stride 2)
    for (int stride : {1, 2}) {
      const int c = 3, h = 20, w = 24, k = 3, pad = 1;
      const int hc = (h + 2 * pad - k) / stride + 1, wc = (w + 2 * pad - k) / stride + 1;
      const int nk = c * hc * wc;
      auto im = unif(c * h * w, -1, 1);
      std::vector<float> col(c * k * k * hc * wc, 7.f);
      std::vector<double> ref(col.size(), 9.0);
      emu::launch(dim3((nk + 511) / 512), dim3(512), [&] {
        im2col_gpu_kernel(nk, im.data(), h, w, k, pad, stride, hc, wc, col.data());
      });
      emu::launch(dim3(4), dim3(256),
                  [&] { im2col_ref(c, im.data(), h, w, k, pad, stride, hc, wc, ref.data()); });
      compare(stride == 1 ? "caffe_im2col" : "caffe_im2col stride 2", col, ref, 0, 0);
    }
  }
  {  // max pooling: 2 x 3 planes of 11 x 11, 3 x 3 at stride 2 (5 x 5 out)
    const int num = 2, ch = 3, h = 11, w = 11, ph = 5, pw = 5, cnt = num * ch * ph * pw;
    auto in = unif(num * ch * h * w, -1, 1);
    std::vector<float> top(cnt);
    std::vector<int> mask(cnt);
    std::vector<double> topr(cnt), maskr(cnt);
    emu::launch(dim3((cnt + 511) / 512), dim3(512), [&] {
      MaxPoolForward(cnt, in.data(), num, ch, h, w, ph, pw, 3, 3, 2, 2, 0, 0, top.data(),
                     mask.data());
    });
    emu::launch(dim3(2), dim3(64), [&] {
      maxpool_ref(cnt, in.data(), ch, h, w, ph, pw, 3, 2, topr.data(), maskr.data());
    });
    compare("caffe_maxpool_fwd top", top, topr, 0, 0);
    compare("caffe_maxpool_fwd mask", mask, maskr, 0, 0);
  }
  {  // the two histograms on a 200 x 90 frame, solid and random (every bin path)
    for (int solid : {1, 0}) {
      const int W = 200, H = 90;
      std::vector<float4> img(W * H);
      for (auto& p : img)
        p = solid ? make_float4(0.5f, 0.5f, 0.5f, 0.5f)
                  : make_float4((float)rndu(), (float)rndu(), (float)rndu(), 0.f);
      std::vector<unsigned> a(256 * 1024, 0), b(256 * 1024, 0);
      std::vector<double> r(256 * 1024, 0.0);
      emu::launch(dim3(16, 16), dim3(32, 4),
                  [&] { histogram_smem_atomics(img.data(), W, H, a.data()); });
      emu::launch(dim3(16, 16), dim3(32, 4),
                  [&] { histogram_gmem_atomics(img.data(), W, H, b.data()); });
      emu::launch(dim3(16, 16), dim3(32, 4), [&] { histo_parts_ref(img.data(), W, H, r.data()); });
      compare(solid ? "cub_histo_smem solid" : "cub_histo_smem random", a, r, 0, 0);
      compare(solid ? "cub_histo_gmem solid" : "cub_histo_gmem random", b, r, 0, 0);
    }
  }
  {  // GUPS: n = 2^12 (4 blocks of 1024), 8 updates per thread; the jump-ahead against stepping
    const unsigned long long n = 4096;
    std::vector<unsigned long long> t(n), tr(n);
    for (unsigned long long i = 0; i < n; ++i) t[i] = tr[i] = i;
    emu::launch(dim3(n / 1024), dim3(1024), [&] { gups_update(n, n, t.data(), 8); });
    emu::launch(dim3(n / 256), dim3(256), [&] { gups_ref(n, n, tr.data(), 8, n); });
    compare("nvblog_gups_update", t, tr, 0, 0);
    unsigned long long ran = 1, worst = 0;  // d_starts(s) is the LFSR stepped s times from 1
    for (unsigned long long s = 0; s < 5000; ++s) {
      if (d_starts(s) != ran) ++worst;
      ran = (ran << 1) ^ ((long long)ran < 0 ? 7ULL : 0ULL);
    }
    printf("%-26s %d starts checked against stepping, %llu differ\n", "nvblog_gups d_starts", 5000,
           worst);
    bad += worst != 0;
  }
  {  // Longstaff-Schwartz paths: 300 paths (a ragged block), 100 steps
    const int steps = 100, paths = 300;
    std::vector<double> z(steps * paths);
    for (auto& x : z) x = std::sqrt(-2 * std::log(rndu() + 1e-12)) * std::cos(6.283185307 * rndu());
    std::vector<double> p(z.size()), pr(z.size());
    emu::launch(dim3(2), dim3(256), [&] {
      generate_paths_kernel(steps, paths, 4.0, 0.01, 3.6, 0.06, 0.2, z.data(), p.data());
    });
    emu::launch(dim3(2), dim3(256), [&] {
      ls_paths_ref(steps, paths, 4.0, 0.01, 3.6, 0.06, 0.2, z.data(), pr.data());
    });
    compare("nvblog_ls_generate_paths", p, pr, 1e-10, 1e-12);
  }
  {  // Parboil SGEMM: m 1024 (2 row blocks), n 64, k 48; C starts at zero, beta 0
    const int m = 1024, n = 64, k = 48;
    auto A = unif(k * m, -1, 1), B = unif(k * n, -1, 1);
    std::vector<float> C(n * m, 0.f);
    std::vector<double> Cr(n * m, 0.0);
    emu::launch(dim3(m / 512, n / 32), dim3(32, 16),
                [&] { mysgemmNT(A.data(), m, B.data(), n, C.data(), m, k, 1.f, 0.f); });
    emu::launch(dim3(m / 256, n), dim3(256),
                [&] { sgemm_nt_ref(A.data(), m, B.data(), n, Cr.data(), m, k, 1.f, 0.f, n); });
    compare("parboil_sgemm_nt", C, Cr, 1e-3, 1e-3);
  }
  {  // BICG kernel 1 at its size (4096 x 4096; 16 blocks)
    const int nx = 4096, ny = 4096;
    auto A = unif((size_t)nx * ny, -1, 1), r = unif(nx, -1, 1);
    std::vector<float> s(ny);
    std::vector<double> sr(ny);
    emu::launch(dim3(16), dim3(256), [&] { bicg_kernel1(nx, ny, A.data(), r.data(), s.data()); });
    emu::launch(dim3(16), dim3(256), [&] { bicg_s_ref(nx, ny, A.data(), r.data(), sr.data()); });
    compare("pbacc_bicg_kernel1", s, sr, 1e-3, 5e-3);
  }
  {  // 2DCONV and FDTD at 4096 x 4096 on corner, edge and interior blocks of the 128 x 512 grid
    const int n = 4096;
    const auto some = blocks2({{0, 0}, {127, 0}, {0, 511}, {127, 511}, {64, 200}, {1, 1}});
    auto A = unif((size_t)n * n, -1, 1);
    std::vector<float> Bk((size_t)n * n, 0.f);
    std::vector<double> Br((size_t)n * n, 0.0);
    emu::launch_blocks(dim3(128, 512), dim3(32, 8), some,
                       [&] { convolution2D_kernel(n, n, A.data(), Bk.data()); });
    emu::launch_blocks(dim3(128, 512), dim3(32, 8), some,
                       [&] { conv2d_ref(n, n, A.data(), Br.data()); });
    compare("pbacc_conv2d (6 blocks)", Bk, Br, 1e-5, 1e-5);
    auto ex = unif((size_t)n * n, -1, 1), ey = unif((size_t)n * n, -1, 1);
    auto hz = unif((size_t)n * n, -1, 1);
    std::vector<double> hr(hz.begin(), hz.end());
    emu::launch_blocks(dim3(128, 512), dim3(32, 8), some,
                       [&] { fdtd_step3_kernel(n, n, ex.data(), ey.data(), hz.data(), 0); });
    emu::launch_blocks(dim3(128, 512), dim3(32, 8), some,
                       [&] { fdtd_hz_ref(n, n, ex.data(), ey.data(), hr.data()); });
    compare("pbacc_fdtd_hz (6 blocks)", hz, hr, 1e-5, 1e-6);
  }
  {  // LU step k = 768 at N = 2048: empty, partial and full blocks of the 40 x 160 grid
    const int n = 2048, k = 768;
    auto A = unif((size_t)n * n, -1, 1);
    std::vector<double> Ar(A.begin(), A.end());
    const auto some =
        blocks2({{0, 0}, {23, 95}, {24, 96}, {39, 159}, {30, 120}, {39, 0}, {0, 159}});
    emu::launch_blocks(dim3(40, 160), dim3(32, 8), some, [&] { lu_kernel2(n, A.data(), k); });
    emu::launch_blocks(dim3(256, 256), dim3(32, 8), some, [&] { lu_update_ref(n, Ar.data(), k); });
    compare("pbacc_lu_kernel2 (7 blocks)", A, Ar, 1e-5, 1e-6);
  }
  {  // SYRK at 1024 x 1024 on three blocks of the 32 x 128 grid (each thread 1024 steps)
    const int ni = 1024, nj = 1024;
    auto a = unif((size_t)ni * nj, -1, 1), c = unif((size_t)ni * ni, -1, 1);
    std::vector<double> cr(c.begin(), c.end());
    const auto some = blocks2({{0, 0}, {31, 127}, {15, 60}});
    emu::launch_blocks(dim3(32, 128), dim3(32, 8), some,
                       [&] { syrk_kernel(ni, nj, 32412.f, 2123.f, a.data(), c.data()); });
    emu::launch_blocks(dim3(32, 128), dim3(32, 8), some,
                       [&] { syrk_ref(ni, nj, 32412.f, 2123.f, a.data(), cr.data()); });
    compare("pbacc_syrk (3 blocks)", c, cr, 1e-3, 8.0);
  }
  printf(bad ? "FAILED: %d checks\n" : "all checks agree\n", bad);
  return bad ? 1 : 0;
}
