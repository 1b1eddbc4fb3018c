// Host emulation checks of tests/corpus_fresh13 (scripts/host_emu/run_fresh13.sh): each kernel
// against its reference on reduced sizes with the kernels' launch shapes (ragged last blocks,
// 2-D grids, grid-stride loops that wrap), every reference called with the types the harness
// passes (float64 for each out/inout buffer, int64 for searchsorted's; byte planes and byte
// tables as u32 words), compared at the folder's tolerance. Each folder's two sources are
// included in a namespace of their own (several define helpers of the same name).
#include <cstdint>
#include <numeric>

#include "emu.h"
#include "batch_check.h"

// What emu.h does not define and the batch uses (host versions of the device intrinsics).
#define __restrict__
using std::isinf;
static inline float __saturatef(float x) { return x < 0.f ? 0.f : (x > 1.f ? 1.f : x); }
static inline unsigned __umul24(unsigned a, unsigned b) { return (a & 0xffffff) * (b & 0xffffff); }
// glibc declares __powf without exporting it: a macro to the accurate call
#define __powf(a, b) powf(a, b)
static inline float __fmul_rn(float a, float b) { return a * b; }
static inline float4 make_float4(float a, float b, float c, float d) { return float4{a, b, c, d}; }
// vabsdiff4.u32.u32.u32.add: the four byte-wise absolute differences summed, plus c
static inline unsigned host_vabsdiff4_add(unsigned a, unsigned b, unsigned c) {
  unsigned s = c;
  for (int k = 0; k < 4; ++k) {
    const int x = (a >> (8 * k)) & 0xff, y = (b >> (8 * k)) & 0xff;
    s += x > y ? x - y : y - x;
  }
  return s;
}
template <class V>
static V __shfl_up_sync(unsigned, V v, unsigned d, int width = 32) {
  int me = emu::cur;
  unsigned long long bits = 0;
  memcpy(&bits, &v, sizeof(V));
  emu::slot[me] = bits;
  emu::yield(2);
  const int lane = me % 32;
  const int src = (int)(lane % width) >= (int)d ? me - (int)d : me;
  unsigned long long pb = emu::slot[src];
  emu::yield(2);
  V r;
  memcpy(&r, &pb, sizeof(V));
  return r;
}

namespace rg {
#include "f13/cusamples_recursive_gaussian_kernel.cu"
#include "f13/cusamples_recursive_gaussian_reference.cu"
}
namespace xz {
#include "f13/cusamples_xyzw_frequency_kernel.cu"
#include "f13/cusamples_xyzw_frequency_reference.cu"
}
namespace sd {
#include "f13/cusamples_stereo_disparity_kernel.cu"
#include "f13/cusamples_stereo_disparity_reference.cu"
}
namespace pr {
#include "f13/cusamples_particles_reorder_kernel.cu"
#include "f13/cusamples_particles_reorder_reference.cu"
}
namespace ts {
#include "f13/cuml_tsne_attractive_kernel.cu"
#include "f13/cuml_tsne_attractive_reference.cu"
}
namespace hs {
#include "f13/bnb_histogram_scatter_add_kernel.cu"
#include "f13/bnb_histogram_scatter_add_reference.cu"
}
namespace yd {
#include "f13/ffmpeg_yadif_kernel.cu"
#include "f13/ffmpeg_yadif_reference.cu"
}
namespace ma {
#include "f13/vllm_merge_attn_states_kernel.cu"
#include "f13/vllm_merge_attn_states_reference.cu"
}
namespace ss {
#include "f13/pt_searchsorted_kernel.cu"
#include "f13/pt_searchsorted_reference.cu"
}
namespace ct {
#include "f13/pt_ctc_loss_alpha_kernel.cu"
#include "f13/pt_ctc_loss_alpha_reference.cu"
}
namespace bd {
#include "f13/babelstream_dot_kernel.cu"
#include "f13/babelstream_dot_reference.cu"
}
namespace cl {
#include "f13/opencv_clahe_calc_lut_kernel.cu"
#include "f13/opencv_clahe_calc_lut_reference.cu"
}

static std::vector<uint32_t> words(size_t n) {
  std::vector<uint32_t> v(n);
  for (auto& w : v) w = (uint32_t)(rndu() * 4294967296.0);
  return v;
}
// equal infinities agree (the harness passes them); compare the rest
template <class A>
static void compare_inf(const char* name, A out, std::vector<double> ref, double rtol, double atol) {
  size_t infs = 0;
  for (size_t i = 0; i < out.size(); ++i)
    if (std::isinf((double)ref[i]) && (double)out[i] == ref[i]) out[i] = 0, ref[i] = 0, ++infs;
  printf("%-34s %zu equal infinities\n", name, infs);
  compare(name, out, ref, rtol, atol);
}

int main() {
  {  // recursive Gaussian: 100 columns (2 blocks of 64, the second ragged), 50 rows
    const int w = 100, h = 50;
    auto src = words((size_t)w * h);
    std::vector<float> dst((size_t)w * h * 4, 7.f);
    std::vector<double> ref((size_t)w * h * 4, 9.0);
    const float a0 = 0.0423749462f, a1 = -0.0297054332f, a2 = 0.0418308303f,
                a3 = -0.0301914047f, b1 = -1.68817353f, b2 = 0.712482452f,
                coefp = 0.521187842f, coefn = 0.478812933f;
    emu::launch(dim3(2), dim3(64), [&] {
      rg::d_recursiveGaussian_rgba(src.data(), (float4*)dst.data(), w, h, a0, a1, a2, a3, b1, b2,
                                   coefp, coefn);
    });
    emu::launch(dim3(1), dim3(64), [&] {
      rg::rgauss_ref(w, h, a0, a1, a2, a3, b1, b2, coefp, coefn, src.data(), ref.data());
    });
    compare("cusamples_recursive_gaussian", dst, ref, 1e-4, 1e-4);
  }
  {  // xyzw: 10001 bytes (a ragged last word), a quarter of them letters, the sample's 8 x 256
    const int n = 10001;
    std::vector<uint32_t> text((n + 3) / 4);
    unsigned char* b = (unsigned char*)text.data();
    const char pick[] = "xyzwaxbyq";
    for (int i = 0; i < (int)text.size() * 4; ++i)
      b[i] = rndu() < 0.5 ? (unsigned char)(rndu() * 256) : pick[(int)(rndu() * 9)];
    std::vector<int> count(1, 0);
    std::vector<double> ref(1, 9.0);
    emu::launch(dim3(8), dim3(256), [&] { xz::xyzw_frequency(count.data(), (char*)b, n); });
    emu::launch(dim3(1), dim3(32), [&] { xz::xyzw_ref(n, text.data(), ref.data()); });
    compare("cusamples_xyzw_frequency", count, ref, 0, 0);
  }
  {  // stereo: 70 x 20 (ragged in x and y: 3 x 3 blocks of 32 x 8), disparities -16..0; the
     // right image is the left shifted by 5 columns (left x is right x - 5) plus noise, so the
     // search has a true answer, reported as -5 + 8 = 3
    const int w = 70, h = 20;
    auto im0 = words((size_t)w * h);
    std::vector<uint32_t> im1((size_t)w * h);
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x)
        im1[y * w + x] = rndu() < 0.8 ? im0[y * w + std::min(std::max(x + 5, 0), w - 1)] : (uint32_t)rnd64();
    std::vector<uint32_t> out((size_t)w * h, 7);
    std::vector<double> ref((size_t)w * h, 9.0);
    emu::launch(dim3(3, 3), dim3(32, 8), [&] {
      sd::stereoDisparityKernel(im0.data(), im1.data(), out.data(), w, h, -16, 0);
    });
    emu::launch(dim3(4), dim3(64), [&] { sd::stereo_ref(w, h, -16, 0, im0.data(), im1.data(), ref.data()); });
    compare("cusamples_stereo_disparity", out, ref, 0, 0);
    size_t at3 = 0;
    for (auto v : out) at3 += v == 3;
    printf("%-34s %zu of %zu pixels at the true shift\n", "cusamples_stereo_disparity", at3, out.size());
  }
  {  // particles: 1000 in 4 blocks of 256 (ragged), 700 cells, hashes sorted, indices permuted
    const unsigned n = 1000, cells = 700;
    std::vector<uint32_t> hash(n), index(n);
    for (auto& v : hash) v = (uint32_t)(rndu() * cells);
    std::sort(hash.begin(), hash.end());
    std::iota(index.begin(), index.end(), 0u);
    for (unsigned i = n - 1; i > 0; --i) std::swap(index[i], index[(size_t)(rndu() * (i + 1))]);
    auto pos = unif(n * 4, -1, 1), vel = unif(n * 4, -0.01, 0.01);
    std::vector<uint32_t> cs(cells, 0xffffffffu), ce(cells, 0xffffffffu);
    std::vector<double> rcs(cells, 4294967295.0), rce(cells, 4294967295.0);
    std::vector<float> spos(n * 4, 7.f), svel(n * 4, 7.f);
    std::vector<double> rpos(n * 4, 9.0), rvel(n * 4, 9.0);
    emu::launch(dim3(4), dim3(256), [&] {
      pr::reorderDataAndFindCellStartD(cs.data(), ce.data(), (float4*)spos.data(), (float4*)svel.data(),
                                       hash.data(), index.data(), (const float4*)pos.data(),
                                       (const float4*)vel.data(), n);
    });
    emu::launch(dim3(2), dim3(128), [&] {
      pr::particles_reorder_ref(n, hash.data(), index.data(), pos.data(), vel.data(), rcs.data(),
                                rce.data(), rpos.data(), rvel.data());
    });
    compare("cusamples_particles_reorder cellStart", cs, rcs, 0, 0);
    compare("cusamples_particles_reorder cellEnd", ce, rce, 0, 0);
    compare("cusamples_particles_reorder pos", spos, rpos, 0, 0);
    compare("cusamples_particles_reorder vel", svel, rvel, 0, 0);
  }
  {  // t-SNE: 300 points, 5000 sorted non-zeros (5 blocks of 1024, the last ragged)
    const int n = 300, nnz = 5000;
    std::vector<int> row(nnz), col(nnz);
    for (auto& r : row) r = (int)(rndu() * n);
    std::sort(row.begin(), row.end());
    for (auto& c : col) c = (int)(rndu() * n);
    auto val = unif(nnz, 0, 1), y1 = unif(n, -10, 10), y2 = unif(n, -10, 10);
    std::vector<float> f1(n, 0.f), f2(n, 0.f);
    std::vector<double> r1(n, 9.0), r2(n, 9.0);
    emu::launch(dim3(5), dim3(1024), [&] {
      ts::attractive_kernel_bh(val.data(), col.data(), row.data(), y1.data(), y2.data(), f1.data(),
                               f2.data(), nnz, 1.0f);
    });
    emu::launch(dim3(2), dim3(64), [&] {
      ts::tsne_attr_ref(n, nnz, 1.0f, val.data(), col.data(), row.data(), y1.data(), y2.data(),
                        r1.data(), r2.data());
    });
    compare("cuml_tsne_attractive attract1", f1, r1, 1e-4, 1e-4);
    compare("cuml_tsne_attractive attract2", f2, r2, 1e-4, 1e-4);
  }
  {  // histogram: 16 x 16 bins, 5000 updates (10 blocks of 512, the last ragged)
    const int m = 16, n = 5000;
    std::vector<int> i1(n), i2(n);
    for (auto& v : i1) v = (int)(rndu() * m);
    for (auto& v : i2) v = (int)(rndu() * m);
    std::vector<float> src(n);
    for (auto& v : src) v = (float)(rndu() * 2 - 1);
    std::vector<float> hist(m * m, 0.f);
    std::vector<double> ref(m * m, 9.0);
    emu::launch(dim3(10), dim3(512), [&] {
      hs::kHistogramScatterAdd2D(hist.data(), i1.data(), i2.data(), src.data(), m, n);
    });
    emu::launch(dim3(3), dim3(64), [&] { hs::hist2d_ref(m, m, n, i1.data(), i2.data(), src.data(), ref.data()); });
    compare("bnb_histogram_scatter_add", hist, ref, 1e-4, 1e-4);
  }
  for (int parity = 0; parity < 2; ++parity) {  // yadif: 72 x 37 (3 x 3 blocks of 32 x 16, ragged), both fields
    const int w = 72, h = 37, pitch = 72;
    auto prev = words((size_t)h * pitch / 4), cur = words((size_t)h * pitch / 4), next = words((size_t)h * pitch / 4);
    std::vector<uint32_t> dst((size_t)h * pitch / 4, 0x07070707u);
    std::vector<double> ref((size_t)h * pitch / 4, 9.0);
    emu::launch(dim3(3, 3), dim3(32, 16), [&] {
      yd::yadif_uchar((unsigned char*)dst.data(), (const unsigned char*)prev.data(),
                      (const unsigned char*)cur.data(), (const unsigned char*)next.data(), w, h,
                      pitch, w, h, pitch, parity, 1, 0);
    });
    emu::launch(dim3(4), dim3(64), [&] {
      yd::yadif_ref(w, h, pitch, parity, 1, 0, prev.data(), cur.data(), next.data(), ref.data());
    });
    compare(parity ? "ffmpeg_yadif (second field)" : "ffmpeg_yadif (first field)", dst, ref, 0, 0);
  }
  {  // merge: 5 tokens x 3 heads x 8 (30 threads of one 128 block), one -inf prefix lse
    const unsigned T = 5, H = 3, D = 8;
    auto po = unif(T * H * D, -2, 2), so = unif(T * H * D, -2, 2);
    auto pl = unif(H * T, -4, 8), sl = unif(H * T, -4, 8);
    pl[4] = -INFINITY;
    std::vector<float> o(T * H * D, 7.f), ol(H * T, 7.f);
    std::vector<double> ro(T * H * D, 9.0), rol(H * T, 9.0);
    emu::launch(dim3(1), dim3(128), [&] {
      ma::merge_attn_states_kernel(o.data(), ol.data(), po.data(), pl.data(), so.data(), sl.data(), T, H, D);
    });
    emu::launch(dim3(1), dim3(32), [&] {
      ma::merge_attn_ref(T, H, D, po.data(), pl.data(), so.data(), sl.data(), ro.data(), rol.data());
    });
    compare("vllm_merge_attn_states output", o, ro, 1e-5, 1e-5);
    compare("vllm_merge_attn_states output_lse", ol, rol, 1e-5, 1e-5);
  }
  {  // searchsorted: 5000 values into 100 boundaries by 2 blocks of 1024 (the loop wraps),
     // a tenth of the values equal to a boundary (the lower bound's ties)
    const long long numel = 5000, nbd = 100;
    auto bd = unif(nbd, -1, 1);
    std::sort(bd.begin(), bd.end());
    auto in = unif(numel, -1.1, 1.1);
    for (auto& v : in)
      if (rndu() < 0.1) v = bd[(size_t)(rndu() * nbd)];
    std::vector<long long> out(numel, 7), ref(numel, 9);
    emu::launch(dim3(2), dim3(1024), [&] {
      ss::searchsorted_cuda_kernel(out.data(), in.data(), bd.data(), numel, nbd, numel, 0, 1);
    });
    emu::launch(dim3(2), dim3(64), [&] { ss::searchsorted_ref(numel, nbd, in.data(), bd.data(), ref.data()); });
    compare("pt_searchsorted", out, ref, 0, 0);
  }
  {  // CTC: 40 utterances of up to 30 frames, targets up to 10 labels over 6 classes (repeats
     // common), lengths varied (one empty target); the launch rule gives blocks of 32 x 32, 2 blocks
    const long long T = 30, S = 10, B = 40, C = 6, L = 2 * S + 1;
    auto lp = unif(T * B * C, -4, -0.01);
    std::vector<long long> tg(B * S), il(64, T), tl(64, S), off(64, 0);
    for (auto& v : tg) v = 1 + (long long)(rndu() * (C - 1));
    for (long long b = 0; b < B; ++b) {
      il[b] = T - (long long)(rndu() * 8);
      tl[b] = b == 3 ? 0 : S - (long long)(rndu() * 4);
      off[b] = b * S;
    }
    std::vector<float> la(B * T * L, 7.f), nll(B, 7.f);
    std::vector<double> rla(B * T * L, 9.0), rnll(B, 9.0);
    emu::launch(dim3(1, 2), dim3(32, 32), [&] {
      ct::ctc_loss_log_alpha_gpu_kernel(la.data(), lp.data(), il.data(), T, tg.data(), tl.data(), S,
                                        nll.data(), B * C, C, 1, T * L, L, 1, off.data(), 1, B, 0);
    });
    emu::launch(dim3(1), dim3(64), [&] {
      ct::ctc_alpha_ref(T, S, B, C, 0, lp.data(), tg.data(), il.data(), tl.data(), rla.data(), rnll.data());
    });
    compare_inf("pt_ctc_loss_alpha log_alpha", la, rla, 1e-4, 1e-3);
    compare_inf("pt_ctc_loss_alpha nll", nll, rnll, 1e-4, 1e-3);
  }
  {  // dot: 10000 doubles, 3 blocks of 1024 (a stride of 3072: the loop wraps three times)
    const int n = 10000, blocks = 3;
    std::vector<double> a(n), b(n);
    for (auto& v : a) v = rndu();
    for (auto& v : b) v = rndu();
    std::vector<double> sums(blocks, 7.0), ref(blocks, 9.0);
    emu::launch(dim3(blocks), dim3(1024), [&] { bd::dot_kernel(a.data(), b.data(), sums.data(), n); });
    emu::launch(dim3(1), dim3(32), [&] { bd::dot_ref(n, blocks, a.data(), b.data(), ref.data()); });
    compare("babelstream_dot", sums, ref, 1e-9, 1e-9);
  }
  for (int clip = 0; clip < 2; ++clip) {  // CLAHE: 2 x 2 tiles of 40 x 30 (the row loop ragged)
    const int tilesX = 2, tilesY = 2, tw = 40, th = 30, step = 80;
    std::vector<uint32_t> src((size_t)step * tilesY * th / 4);
    unsigned char* px = (unsigned char*)src.data();
    for (size_t i = 0; i < src.size() * 4; ++i) px[i] = (unsigned char)(rndu() * (clip ? 40 : 256));
    const int clipLimit = clip ? 32 : 0;  // pixels in 40 bins: ~30 each, so a third of them clip
    const float lutScale = 255.f / (tw * th);
    std::vector<uint32_t> lut(tilesX * tilesY * 64, 0x07070707u);
    std::vector<double> ref(tilesX * tilesY * 64, 9.0);
    emu::launch(dim3(tilesX, tilesY), dim3(32, 8), [&] {
      cl::calcLutKernel((const unsigned char*)src.data(), step, (unsigned char*)lut.data(), 256, tw,
                        th, tilesX, clipLimit, lutScale);
    });
    emu::launch(dim3(2), dim3(64), [&] {
      cl::clahe_lut_ref(tilesX, tilesY, tw, th, step, clipLimit, lutScale, src.data(), ref.data());
    });
    compare(clip ? "opencv_clahe_calc_lut (clipped)" : "opencv_clahe_calc_lut", lut, ref, 0, 0);
  }
  printf("%s: %d comparison(s) failed\n", bad ? "FAIL" : "ok", bad);
  return bad ? 1 : 0;
}
