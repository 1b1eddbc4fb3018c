// Host emulation checks of tests/corpus_fresh15 (scripts/host_emu/run_fresh15.sh): each kernel
// against its reference on reduced sizes with the kernels' own launch shapes (ragged 16 x 16 and
// 32 x 8 blocks, the fixed 2048 list walkers of 16 blocks of 128, the first blocks of the 8192 of
// the pointer-jumping launch), every reference called with the types the harness passes (float64
// for each out/inout buffer, inout ones holding their inputs; byte images as u32 words), compared
// at the folder's tolerance. Each folder's two sources are included in a namespace of their own.
#include <algorithm>
#include <cstdint>
#include <numeric>

#include "emu.h"
#include "batch_check.h"

namespace h8 {
#include "f15/opencv_bgr2hsv_8u_kernel.cu"
#include "f15/opencv_bgr2hsv_8u_reference.cu"
}
namespace h32 {
#include "f15/opencv_bgr2hsv_32f_kernel.cu"
#include "f15/opencv_bgr2hsv_32f_reference.cu"
}
namespace lc {
#include "f15/cudpp_listrank_chase_kernel.cu"
#include "f15/cudpp_listrank_chase_reference.cu"
}
namespace lj {
#include "f15/cudpp_listrank_jump_kernel.cu"
#include "f15/cudpp_listrank_jump_reference.cu"
}
namespace mt {
#include "f15/opencv_match_template_sqdiff_kernel.cu"
#include "f15/opencv_match_template_sqdiff_reference.cu"
}

// A random single cycle through 0..n-1 (Sattolo), as the `cycle` law draws it.
static std::vector<int> one_cycle(int n) {
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  for (int i = n - 1; i > 0; --i) std::swap(order[i], order[(int)(rndu() * i)]);
  std::vector<int> next(n);
  for (int i = 0; i < n; ++i) next[order[i]] = order[(i + 1) % n];
  return next;
}

int main() {
  {  // BGR2HSV 8U: 36 x 5 pixels (three 16-wide blocks, the last ragged; 5 of 16 rows), bytes
     // uniform, with grey pixels, ties of the max (r = g, g = b), black and white
    const int cols = 36, rows = 5, step = cols * 3, words = step / 4;
    std::vector<unsigned char> img(rows * step);
    for (auto& b : img) b = (unsigned char)(rndu() * 256);
    auto px = [&](int p, int b, int g, int r) { img[3 * p] = b, img[3 * p + 1] = g, img[3 * p + 2] = r; };
    px(0, 0, 0, 0), px(1, 255, 255, 255), px(2, 77, 77, 77), px(3, 10, 200, 200), px(4, 200, 200, 10);
    px(5, 200, 10, 200), px(6, 0, 0, 255), px(7, 255, 0, 1), px(8, 1, 0, 255), px(9, 30, 31, 30);
    std::vector<unsigned> src(rows * words), dst(rows * words, 0xdeadbeefu);
    memcpy(src.data(), img.data(), img.size());
    std::vector<double> ref(rows * words, 9.0);
    emu::launch(dim3(3, 1), dim3(16, 16), [&] {
      h8::bgr_to_hsv_8u((const unsigned char*)src.data(), step, cols, rows, (unsigned char*)dst.data(), step);
    });
    emu::launch(dim3(4), dim3(32), [&] { h8::bgr_to_hsv_8u_ref(rows, words, src.data(), ref.data()); });
    compare("opencv_bgr2hsv_8u", dst, ref, 0, 0);
  }
  {  // BGR2HSV 32F: 20 x 3 pixels (two blocks, the second ragged), uniform [0, 1) with grey,
     // tied and zero pixels
    const int cols = 20, rows = 3, step = cols * 12;
    auto src = unif(rows * cols * 3, 0, 1);
    auto px = [&](int p, float b, float g, float r) { src[3 * p] = b, src[3 * p + 1] = g, src[3 * p + 2] = r; };
    px(0, 0, 0, 0), px(1, 0.5f, 0.5f, 0.5f), px(2, 0.1f, 0.9f, 0.9f), px(3, 0.9f, 0.9f, 0.1f);
    px(4, 0.9f, 0.1f, 0.9f), px(5, 0.25f, 0.2f, 0.75f), px(6, 0.3f, 0.30001f, 0.3f);
    std::vector<float> dst(rows * cols * 3, 7.f);
    std::vector<double> ref(rows * cols * 3, 9.0);
    emu::launch(dim3(2, 1), dim3(16, 16), [&] { h32::bgr_to_hsv_32f(src.data(), step, cols, rows, dst.data(), step); });
    emu::launch(dim3(2), dim3(32), [&] { h32::bgr_to_hsv_32f_ref((long long)rows * cols, src.data(), ref.data()); });
    compare("opencv_bgr2hsv_32f", dst, ref, 1e-5, 1e-4);
  }
  {  // list rank chase: 10240 nodes (5 ranks per walker, 4 hops each), the launch's 16 x 128
    const int n = 10240, head = 77;
    auto next = one_cycle(n);
    auto values = unif(n, -1, 1);
    std::vector<int> start(2048);
    for (auto& s : start) s = (int)(rndu() * n);
    std::vector<float> ranked(n - 2048, 7.f);
    std::vector<double> ref(n - 2048, 9.0);
    emu::launch(dim3(16), dim3(128), [&] {
      lc::list_rank_kernel_soa_2(ranked.data(), values.data(), next.data(), start.data(), head, n);
    });
    emu::launch(dim3(3), dim3(64), [&] {
      lc::listrank_walk_ref(n, head, values.data(), next.data(), start.data(), ref.data());
    });
    compare("cudpp_listrank_chase", ranked, ref, 0, 0);
  }
  {  // list rank jump, step 1024 on 3000 nodes: the first 24 of the launch's 8192 blocks (the
     // others hold no node below 3000; LISTRANK_TOTAL's stride is not reached at this size)
    const int n = 3000, step = 1024, head = 5;
    auto ping = one_cycle(n);
    ping[17] = -1;  // a node without a successor, and one whose successor has none
    for (int i = 0; i < n; ++i)
      if (ping[i] == 17) ping[i] = (i + 1) % n == 17 ? 0 : (i + 1) % n;
    auto values = unif(n, -1, 1);
    auto ranked = unif(n, -1, 1);
    std::vector<int> start(2048);
    for (auto& s : start) s = (int)(rndu() * n);
    for (int i = 0; i < step - 1; ++i)
      if (start[i] == 17) start[i] = 18;  // start nodes are real nodes with successors
    std::vector<int> pong(n, 12345);
    std::vector<double> ref_ranked(ranked.begin(), ranked.end()), ref_start(start.begin(), start.end());
    std::vector<double> ref_pong(n, 9.0);
    std::vector<dim3> blocks;
    for (int b = 0; b < (n + 127) / 128; ++b) blocks.push_back(dim3(b));
    std::vector<int> start_k = start;
    emu::launch_blocks(dim3(8192), dim3(128), blocks, [&] {
      lj::list_rank_kernel_soa_1(ranked.data(), values.data(), ping.data(), pong.data(), start_k.data(), step, head, n);
    });
    emu::launch(dim3(4), dim3(256), [&] {
      lj::listrank_jump_ref(n, step, head, values.data(), ping.data(), ref_ranked.data(), ref_start.data(), ref_pong.data());
    });
    compare("cudpp_listrank_jump (pong)", pong, ref_pong, 0, 0);
    compare("cudpp_listrank_jump (ranked)", ranked, ref_ranked, 0, 0);
    compare("cudpp_listrank_jump (start)", start_k, ref_start, 0, 0);
  }
  {  // naive SQDIFF: a 60 x 24 image, the 16 x 16 template: 45 x 9 results, 2 x 2 blocks of
     // 32 x 8 (both ragged)
    const int iw = 60, ih = 24, tw = 16, th = 16, rw = iw - tw + 1, rh = ih - th + 1;
    auto image = unif(iw * ih, 0, 1);
    auto templ = unif(tw * th, 0, 1);
    std::vector<float> result(rw * rh, 7.f);
    std::vector<double> ref(rw * rh, 9.0);
    emu::launch(dim3(2, 2), dim3(32, 8), [&] {
      mt::matchTemplateNaiveKernel_SQDIFF(tw, th, (const char*)image.data(), iw * 4,
                                          (const char*)templ.data(), tw * 4, result.data(), rw * 4, rw, rh);
    });
    emu::launch(dim3(4), dim3(64), [&] { mt::sqdiff_ref(iw, tw, th, rw, rh, image.data(), templ.data(), ref.data()); });
    compare("opencv_match_template_sqdiff", result, ref, 1e-5, 1e-4);
  }
  printf("f15_check: %d of 7 comparisons failed\n", bad);
  return bad ? 1 : 0;
}
