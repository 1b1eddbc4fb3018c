// Host emulation checks of tests/corpus_fresh11 (scripts/host_emu/run_fresh11.sh): each kernel
// against its reference on reduced sizes, every reference called with the types the harness
// passes (float64 for each out/inout buffer, 64-bit integer outputs in their own type), compared
// at the folder's tolerance. The folders' sources are included as run_fresh11.sh copies them.
#include <cuda_fp16.h>

#include "emu.h"

// What emu.h does not define and the batch uses.
#define __restrict__
template <class T>
static T __ldg(const T* p) {
  return *p;
}
// HFMA2 on the host: each half fused in float64, rounded to half once through float
static __half2 __hfma2(__half2 a, __half2 b, __half2 c) {
  const double lo = (double)__low2float(a) * __low2float(b) + __low2float(c);
  const double hi = (double)__high2float(a) * __high2float(b) + __high2float(c);
  return __floats2half2_rn((float)lo, (float)hi);
}

#include "f11/darknet_leaky_activate_kernel.cu"
#include "f11/darknet_leaky_activate_reference.cu"
#include "f11/darknet_reorg_kernel.cu"
#include "f11/darknet_reorg_reference.cu"
#include "f11/kaldi_copy_low_upp_kernel.cu"
#include "f11/kaldi_copy_low_upp_reference.cu"
#include "f11/mmcv_sigmoid_focal_loss_kernel.cu"
#include "f11/mmcv_sigmoid_focal_loss_reference.cu"
#include "f11/pn2_furthest_point_sampling_kernel.cu"
#include "f11/pn2_furthest_point_sampling_reference.cu"
#include "f11/pn2_three_nn_kernel.cu"
#include "f11/pn2_three_nn_reference.cu"
#include "f11/pyfrcnn_nms_kernel.cu"
#include "f11/pyfrcnn_nms_reference.cu"
#include "f11/tcnn_hashgrid_fwd_kernel.cu"
#include "f11/tcnn_hashgrid_fwd_reference.cu"
#include "f11/tf_bias_grad_nhwc_rgb_kernel.cu"
#include "f11/tf_bias_grad_nhwc_rgb_reference.cu"
#include "f11/tf_bias_nchw_kernel.cu"
#include "f11/tf_bias_nchw_reference.cu"
#include "f11/tf_depthwise_nhwc_kernel.cu"
#include "f11/tf_depthwise_nhwc_reference.cu"
#include "f11/tf_unsorted_segment_sum_kernel.cu"
#include "f11/tf_unsorted_segment_sum_reference.cu"

#include "batch_check.h"

int main() {
  {  // reorg: 6 x 4 x 8 channels x 3 images, stride 2, forward 0 (as YOLOv2 calls it)
    const int w = 6, h = 4, c = 8, batch = 3, s = 2, N = w * h * c * batch;
    auto x = unif(N, -1, 1);
    std::vector<float> out(N, 7.f);
    std::vector<double> ref(N, 9.0);
    emu::launch(dim3((N + 511) / 512), dim3(512),
                [&] { reorg_kernel(N, x.data(), w, h, c, batch, s, 0, out.data()); });
    emu::launch(dim3(3), dim3(64), [&] { reorg_ref(N, x.data(), w, h, c, s, ref.data()); });
    compare("darknet_reorg", out, ref, 0, 0);
  }
  {  // leaky, in place: 3000 values on a 2 x 3 grid of 512 (the 2-D cuda_gridsize form)
    const int n = 3000;
    auto x = unif(n, -3, 3);
    std::vector<double> xr(x.begin(), x.end());
    emu::launch(dim3(2, 3), dim3(512), [&] { activate_array_kernel(x.data(), n, LEAKY); });
    emu::launch(dim3(4), dim3(256), [&] { leaky_ref(n, xr.data()); });
    compare("darknet_leaky_activate", x, xr, 1e-6, 0);
  }
  {  // NMS: 150 boxes (3 column blocks, the last ragged), the problem's sorted layout and
     // random overlapping boxes (bits set)
    for (int layout = 0; layout < 2; ++layout) {
      const int n = 150, cb = 3;
      std::vector<float> boxes(n * 5);
      if (layout == 0) {
        auto v = unif(n * 5, 0, 7.5);  // the problem's density: 30000 values in [0, 300)
        std::sort(v.begin(), v.end());
        boxes = v;
      } else {
        for (int i = 0; i < n; ++i) {
          const float x = (float)(20 * rndu()), y = (float)(20 * rndu());
          boxes[i * 5 + 0] = x, boxes[i * 5 + 1] = y;
          boxes[i * 5 + 2] = x + 1 + (float)(6 * rndu()),
                        boxes[i * 5 + 3] = y + 1 + (float)(6 * rndu());
          boxes[i * 5 + 4] = (float)rndu();
        }
      }
      std::vector<unsigned long long> mask(n * cb, 0xdeadull);
      std::vector<long long> mref(n * cb, 77);
      emu::launch(dim3(cb, cb), dim3(64), [&] { nms_kernel(n, 0.7f, boxes.data(), mask.data()); });
      emu::launch(dim3(2), dim3(128), [&] { nms_mask_ref(n, 0.7f, boxes.data(), mref.data()); });
      size_t bits = 0;
      for (auto m : mask) bits += __builtin_popcountll(m);
      std::vector<double> a(mask.begin(), mask.end()), r(mref.begin(), mref.end());
      std::vector<double> diff(n * cb);
      for (int i = 0; i < n * cb; ++i) diff[i] = (double)(mask[i] != (unsigned long long)mref[i]);
      compare(layout == 0 ? "pyfrcnn_nms sorted boxes" : "pyfrcnn_nms random boxes", diff,
              std::vector<double>(n * cb, 0.0), 0, 0);
      printf("%-34s %zu overlap bits set\n", "", bits);
    }
  }
  {  // three_nn: 2 clouds, 300 unknown and 100 known points, blocks of 512
    const int b = 2, n = 300, m = 100;
    auto u = unif(b * n * 3, 0, 1), k = unif(b * m * 3, 0, 1);
    std::vector<float> d2(b * n * 3);
    std::vector<int> idx(b * n * 3);
    std::vector<double> d2r(b * n * 3), idxr(b * n * 3);
    emu::launch(dim3(b), dim3(512),
                [&] { three_nn_kernel(b, n, m, u.data(), k.data(), d2.data(), idx.data()); });
    emu::launch(dim3(2), dim3(256),
                [&] { three_nn_ref(b, n, m, u.data(), k.data(), d2r.data(), idxr.data()); });
    compare("pn2_three_nn dist2", d2, d2r, 1e-6, 1e-7);
    compare("pn2_three_nn idx", idx, idxr, 0, 0);
  }
  {  // bias gradient, NHWC: 16 x 20 x 20 x 3 on 5 blocks of 256 (blockDim-agnostic)
    const int C = 3, count = 16 * 20 * 20 * C;
    auto g = unif(count, -1, 1);
    std::vector<float> out(C, 0.f);
    std::vector<double> ref(C);
    emu::launch(dim3(5), dim3(256),
                [&] { BiasGradNHWC_SharedAtomics(count, g.data(), out.data(), C); });
    emu::launch(dim3(C), dim3(256), [&] { bias_grad_nhwc_ref(count, g.data(), C, ref.data()); });
    compare("tf_bias_grad_nhwc_rgb", out, ref, 1e-3, 1e-1);
    compare("tf_bias_grad_nhwc_rgb (tight)", out, ref, 1e-6, 1e-4);
  }
  {  // BiasAdd, NCHW: 2 x 5 x 7 x 9 on 2 blocks of 128
    const int C = 5, img = 63, count = 2 * C * img;
    auto in = unif(count, -1, 1), bias = unif(C, -1, 1);
    std::vector<float> out(count);
    std::vector<double> ref(count);
    emu::launch(dim3(2), dim3(128),
                [&] { BiasNCHWKernel(count, in.data(), bias.data(), out.data(), C, img); });
    emu::launch(dim3(3), dim3(64),
                [&] { bias_nchw_ref(count, in.data(), bias.data(), C, img, ref.data()); });
    compare("tf_bias_nchw", out, ref, 1e-6, 1e-7);
  }
  {  // unsorted segment sum: 1000 rows x 64 into 8 segments (sorted ids), 3 blocks of 256
    const long long rows = 1000, cols = 64, segs = 8;
    std::vector<int> ids(rows);
    for (auto& v : ids) v = (int)(rndu() * segs);
    std::sort(ids.begin(), ids.end());
    auto data = unif(rows * cols, -1, 1);
    std::vector<float> out(segs * cols, 0.f);
    std::vector<double> ref(segs * cols, -5.0);
    emu::launch(dim3(3), dim3(256), [&] {
      UnsortedSegmentCustomKernel(rows, cols, segs, ids.data(), data.data(), out.data());
    });
    emu::launch(dim3(segs * cols), dim3(256),
                [&] { segment_sum_ref(rows, cols, segs, ids.data(), data.data(), ref.data()); });
    compare("tf_unsorted_segment_sum", out, ref, 1e-3, 1e-1);
    compare("tf_unsorted_segment_sum (tight)", out, ref, 1e-5, 1e-4);
  }
  {  // depthwise 3 x 3, NHWC: 2 images of 9 x 11 x 32, stride 1, SAME; 3 blocks of 256
    const int B = 2, H = 9, Wd = 11, D = 32, outs = B * H * Wd * D;
    auto in = unif(B * H * Wd * D, -1, 1), f = unif(9 * D, -1, 1);
    std::vector<float> out(outs);
    std::vector<double> ref(outs);
    emu::launch(dim3(3), dim3(256), [&] {
      DepthwiseConv2dGPUKernelNHWC(B, H, Wd, D, 3, 3, 1, 1, 1, 1, H, Wd, D, in.data(), f.data(),
                                   out.data(), outs);
    });
    emu::launch(dim3(4), dim3(256),
                [&] { depthwise_ref(B, H, Wd, D, 1, 1, H, Wd, in.data(), f.data(), ref.data()); });
    compare("tf_depthwise_nhwc", out, ref, 1e-5, 1e-5);
  }
  {  // hash grid: 1000 points, all 16 levels of the full table (dense and hashed), 2 x 16 blocks
    const unsigned n = 1000, entries = 6098120;
    std::vector<__half> grid(2ull * entries);
    for (auto& g : grid) g = __float2half((float)(2 * rndu() - 1));
    auto pos = unif(n * 3, 0, 1);
    std::vector<__half> enc(32ull * n);
    std::vector<double> ref(32ull * n);
    emu::launch(dim3((n + 511) / 512, 16), dim3(512), [&] {
      kernel_grid(n, 32, 16, 0.466653168f, 1000.f, grid.data(), pos.data(), enc.data());
    });
    emu::launch(dim3(8), dim3(256),
                [&] { hashgrid_ref(n, 16, 0.466653168f, grid.data(), pos.data(), ref.data()); });
    std::vector<float> encf(enc.size());
    for (size_t i = 0; i < enc.size(); ++i) encf[i] = __half2float(enc[i]);
    compare("tcnn_hashgrid_fwd", encf, ref, 5e-3, 5e-3);
  }
  {  // CopyLowerToUpper: 40 x 40 (a ragged 3 x 3 grid of 16 x 16 blocks)
    const int n = 40;
    auto A = unif(n * n, -1, 1);
    std::vector<double> Ar(A.begin(), A.end());
    emu::launch(dim3(3, 3), dim3(16, 16), [&] { _copy_low_upp(A.data(), n, n, n); });
    emu::launch(dim3(4), dim3(128), [&] { copy_low_upp_ref(Ar.data(), n); });
    compare("kaldi_copy_low_upp", A, Ar, 0, 0);
  }
  {  // focal loss: 100 anchors x 80 classes (labels 0..80) on 4 blocks of 512, plus saturating
     // logits (|x| up to 40: float sigmoids of exactly 0 and 1)
    for (int wide = 0; wide < 2; ++wide) {
      const int anchors = 100, C = 80, count = anchors * C;
      auto x = wide ? unif(count, -40, 40) : unif(count, -8, 2);
      std::vector<long long> t(anchors);
      for (auto& v : t) v = (long long)(rndu() * 81);
      std::vector<float> out(count);
      std::vector<double> ref(count);
      emu::launch(dim3(4), dim3(512), [&] {
        sigmoid_focal_loss_forward_cuda_kernel(count, x.data(), t.data(), out.data(), 2.f, 0.25f,
                                               C);
      });
      emu::launch(dim3(4), dim3(256),
                  [&] { focal_ref(count, x.data(), t.data(), ref.data(), 2.f, 0.25f, C); });
      compare(wide ? "mmcv_sigmoid_focal_loss |x|<=40" : "mmcv_sigmoid_focal_loss", out, ref, 1e-4,
              1e-6);
    }
  }
  {  // farthest point sampling: 2 clouds of 700 points, 60 samples, blocks of 512 (the macro)
    const int b = 2, n = 700, m = 60;
    auto p = unif(b * n * 3, 0, 1);
    p[5 * 3] = p[5 * 3 + 1] = p[5 * 3 + 2] = 0.01f;  // one point near the origin: skipped
    std::vector<float> temp(b * n, 1e10f);
    std::vector<int> idx(b * m, -1);
    std::vector<double> tr(b * n, 1e10), ir(b * m, -1);
    emu::launch(dim3(b), dim3(512), [&] {
      furthest_point_sampling_kernel(b, n, m, p.data(), temp.data(), idx.data());
    });
    emu::launch(dim3(b), dim3(256), [&] { fps_ref(b, n, m, p.data(), tr.data(), ir.data()); });
    compare("pn2_furthest_point_sampling idxs", idx, ir, 0, 0);
    compare("pn2_furthest_point_sampling temp", temp, tr, 1e-6, 1e-7);
  }
  printf(bad ? "FAILED: %d checks\n" : "all checks agree\n", bad);
  return bad ? 1 : 0;
}
