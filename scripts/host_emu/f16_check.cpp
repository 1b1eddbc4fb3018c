// Host emulation checks of tests/corpus_fresh16 (scripts/host_emu/run_fresh16.sh): each kernel
// against its reference on reduced sizes with the kernels' own launch shapes (ragged 256-thread
// blocks for the upscale and the transposed convolution, 64-thread head blocks for the WKV, a
// 128-thread block per argsort row), every reference called with the types the harness passes
// (float64 for each output), compared at the folder's tolerance. Each folder's two sources are
// included in a namespace of their own.
#include <algorithm>
#include <cstdint>

#include "emu.h"
#include "batch_check.h"

namespace up {
#include "f16/ggml_upscale_nearest_kernel.cu"
#include "f16/ggml_upscale_nearest_reference.cu"
}
namespace wkv {
#include "f16/ggml_rwkv_wkv6_kernel.cu"
#include "f16/ggml_rwkv_wkv6_reference.cu"
}
namespace as {
#include "f16/ggml_argsort_bitonic_kernel.cu"
#include "f16/ggml_argsort_bitonic_reference.cu"
}
namespace ct {
#include "f16/ggml_conv_transpose_1d_kernel.cu"
#include "f16/ggml_conv_transpose_1d_reference.cu"
}

int main() {
  {  // upscale nearest: 3 planes of 5 x 6 to 10 x 12 (360 outputs: two 256-thread blocks, the
     // second ragged), byte strides of the dense source
    const int W = 6, H = 5, C = 3, total = 4 * W * H * C;
    auto src = unif(W * H * C, -1, 1);
    std::vector<float> dst(total, 7.f);
    std::vector<double> ref(total, 9.0);
    emu::launch(dim3((total + 255) / 256), dim3(256), [&] {
      up::upscale_f32(src.data(), dst.data(), 4, 4 * W, 4 * W * H, 4 * W * H * C, 2 * W, 2 * H, C, 1, 2.f, 2.f, 1.f, 1.f);
    });
    emu::launch(dim3(3), dim3(64), [&] { up::upscale_nearest_ref(total, W, H, src.data(), ref.data()); });
    compare("ggml_upscale_nearest", dst, ref, 0, 0);
  }
  {  // RWKV-6 WKV: one sequence of 7 tokens, C = 128 (two heads of 64): the launch's B*H blocks
     // of C/H threads
    const int B = 1, T = 7, C = 128, H = 2, n = T * C;
    auto k = unif(n, -1, 1), v = unif(n, -1, 1), r = unif(n, -1, 1), td = unif(n, 0.5, 0.95);
    auto tf = unif(C, -1, 1), s = unif(H * 64 * 64, -1, 1);
    std::vector<float> dst(n + H * 64 * 64, 7.f);
    std::vector<double> ref(dst.size(), 9.0);
    emu::launch(dim3(B * H), dim3(C / H), [&] {
      wkv::rwkv_wkv_f32(B, T, C, H, k.data(), v.data(), r.data(), tf.data(), td.data(), s.data(), dst.data());
    });
    emu::launch(dim3(1), dim3(32), [&] {
      wkv::rwkv6_ref(T, C, k.data(), v.data(), r.data(), tf.data(), td.data(), s.data(), ref.data());
    });
    compare("ggml_rwkv_wkv6", dst, ref, 1e-4, 1e-3);
  }
  {  // bitonic argsort, descending: 6 rows of 128, with ties (row 1 holds only 5 values, row 2
     // all equal) that the reference must order as the network does
    const int nrows = 6, n = 128;
    auto x = unif(nrows * n, -4, 4);
    for (int c = 0; c < n; ++c) x[n + c] = (float)(c % 5), x[2 * n + c] = 1.5f;
    std::vector<int> dst(nrows * n, -7);
    std::vector<double> ref(nrows * n, 9.0);
    emu::launch(dim3(nrows), dim3(n), [&] { as::k_argsort_f32_i32(x.data(), dst.data(), n, n); });
    emu::launch(dim3(2), dim3(4), [&] { as::argsort_bitonic_ref(nrows, x.data(), ref.data()); });
    compare("ggml_argsort_bitonic", dst, ref, 0, 0);
    int unsorted = 0;  // and independently: a permutation that orders each row descending
    for (int row = 0; row < nrows; ++row) {
      std::vector<int> p(dst.begin() + row * n, dst.begin() + (row + 1) * n);
      std::vector<int> q = p;
      std::sort(q.begin(), q.end());
      for (int c = 0; c < n; ++c) unsorted += q[c] != c;
      for (int c = 1; c < n; ++c) unsorted += x[row * n + p[c - 1]] < x[row * n + p[c]];
    }
    printf("%-34s %d rows, %d order or permutation faults\n", "ggml_argsort_bitonic (sorted)", nrows, unsorted);
    bad += unsorted != 0;
  }
  for (int s : {8, 3}) {  // transposed 1-D convolution: K 16, Cout 3, Cin 4, L 5, stride 8 (the
                          // layer's) and 3 (windows overlapping more than twice); one or two
                          // ragged 256-thread blocks
    const int K = 16, Cout = 3, Cin = 4, L = 5, Lout = (L - 1) * s + K, total = Cout * Lout;
    auto w = unif(K * Cout * Cin, -1, 1), x = unif(L * Cin, -1, 1);
    std::vector<float> dst(total, 7.f);
    std::vector<double> ref(total, 9.0);
    emu::launch(dim3((total + 255) / 256), dim3(256), [&] {
      ct::conv_transpose_1d_kernel(s, 0, 1, total, K, Cout, Cin, 1, L, Cin, 1, 1, Lout, Cout, 1, 1, w.data(), x.data(), dst.data());
    });
    emu::launch(dim3(2), dim3(32), [&] { ct::conv_transpose_1d_ref(s, K, Cout, Cin, L, Lout, w.data(), x.data(), ref.data()); });
    compare(s == 8 ? "ggml_conv_transpose_1d (stride 8)" : "ggml_conv_transpose_1d (stride 3)", dst, ref, 1e-4, 5e-4);
  }
  printf("f16_check: %d of 6 comparisons failed\n", bad);
  return bad ? 1 : 0;
}
