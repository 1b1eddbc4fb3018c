// Host emulation checks of tests/corpus_fresh17 (scripts/host_emu/run_fresh17.sh): each kernel
// against its reference on reduced sizes with the kernels' own launch shapes (the innermost scan
// in the 512 x 1 shape of the folder's launch and in the 16 x 4 shape of short rows, rows and
// columns ragged; the outer scan's 512-thread blocks over a ragged inner extent; the 2-D NLL's
// 1024-thread blocks, one and two per sample, with ignored pixels), every reference called with
// the types the harness passes (float64 for each output), compared at the folder's tolerance.
// Each folder's two sources are included in a namespace of their own.
#include <cstdint>

#include "emu.h"
#include "batch_check.h"

namespace ci {
#include "f17/pt_cumsum_innermost_kernel.cu"
#include "f17/pt_cumsum_innermost_reference.cu"
}
namespace co {
#include "f17/pt_cumsum_outer_kernel.cu"
#include "f17/pt_cumsum_outer_reference.cu"
}
namespace nl {
#include "f17/pt_nll_loss2d_fwd_kernel.cu"
#include "f17/pt_nll_loss2d_fwd_reference.cu"
}

int main() {
  // innermost scan: {log_num_threads_x, rows, cols}: the folder's 512 x 1 blocks on 3 rows of
  // 2500 (three steps, the last ragged), and 16 x 4 blocks on 7 rows of 45 (the second block's
  // last row absent, two ragged steps)
  const int shapes[2][3] = {{9, 3, 2500}, {4, 7, 45}};
  for (const auto& sh : shapes) {
    const unsigned lx = sh[0], rows = sh[1], cols = sh[2], tx = 1u << lx, ty = 512 / tx;
    auto src = unif((size_t)rows * cols, 0, 1);
    std::vector<float> tgt((size_t)rows * cols, 7.f);
    std::vector<double> ref(tgt.size(), 9.0);
    emu::launch(dim3((rows + ty - 1) / ty), dim3(tx, ty), [&] {
      ci::tensor_kernel_scan_innermost_dim(tgt.data(), src.data(), rows, cols, lx, 0.f);
    });
    emu::launch(dim3(2), dim3(4), [&] { ci::cumsum_rows_ref(rows, cols, src.data(), ref.data()); });
    compare(lx == 9 ? "pt_cumsum_innermost (512 x 1)" : "pt_cumsum_innermost (16 x 4)", tgt, ref, 1e-4, 1e-4);
  }
  {  // outer scan: 2 planes of 37 rows x 600 columns; min(512, 600) threads, a (2, 2) grid
    const unsigned P = 2, R = 37, C = 600, th = 512;
    auto src = unif((size_t)P * R * C, 0, 1);
    std::vector<float> tgt(src.size(), 7.f);
    std::vector<double> ref(src.size(), 9.0);
    emu::launch(dim3(P, (C + th - 1) / th), dim3(th), [&] {
      co::tensor_kernel_scan_outer_dim(tgt.data(), src.data(), P, C, R, 0.f);
    });
    emu::launch(dim3(4), dim3(64), [&] { co::cumsum_cols_ref(P, R, C, src.data(), ref.data()); });
    compare("pt_cumsum_outer", tgt, ref, 1e-4, 1e-2);
  }
  for (int bps : {1, 2}) {  // 2-D NLL: 3 samples of 2500 pixels over 5 classes, every 7th pixel
                            // ignored (255); the launch's max(1, GET_BLOCKS(2500) / 128) = 1
                            // block per sample, and 2 to cover the block stride
    const int N = 3, K = 5, P = 2500;
    auto input = unif((size_t)N * K * P, -6, 0);
    std::vector<long long> target((size_t)N * P);
    for (size_t j = 0; j < target.size(); ++j) target[j] = j % 7 == 3 ? 255 : (long long)(rnd64() % K);
    std::vector<float> out(2, 0.f);  // loss, total weight (zeroed before the run)
    std::vector<double> ref(2, 9.0);
    emu::launch(dim3(N * bps), dim3(1024), [&] {
      nl::nll_loss2d_forward_kernel(&out[0], &out[1], input.data(), target.data(), K, P, bps, 255);
    });
    emu::launch(dim3(1), dim3(256), [&] {
      nl::nll2d_sum_ref(N, K, P, 255, input.data(), target.data(), &ref[0], &ref[1]);
    });
    compare(bps == 1 ? "pt_nll_loss2d_fwd (1 block/sample)" : "pt_nll_loss2d_fwd (2 blocks/sample)", out, ref, 1e-4, 1.0);
  }
  printf("f17_check: %d of 5 comparisons failed\n", bad);
  return bad ? 1 : 0;
}
