// Host emulation check (scripts/host_emu/run_fresh8.sh): Apex/Megatron
// scaled_masked_softmax_warp_forward<half, half, float, 12> on 4096-key rows.
#include "emu.h"

#include <cuda_bf16.h>
#include <cuda_fp16.h>

// The folder's sources, unchanged (the emulator defines the CUDA keywords first).
#include "tests/corpus_fresh8/apex_scaled_masked_softmax_fp16/kernel.cu"
#include "tests/corpus_fresh8/apex_scaled_masked_softmax_fp16/reference.cu"

static double gauss() {
  double u = rndu() + 1e-300, v = rndu();
  return sqrt(-2 * log(u)) * cos(6.283185307179586 * v);
}
int main() {
  int bad = 0;
  {  // Megatron softmax, key length 4096: one block of four rows, one query index group
    const int sk = 4096, rows = 8, sq = 8;
    std::vector<__half> x((size_t)rows * sk), y((size_t)rows * sk);
    for (auto& v : x) v = __float2half((float)(8.0 * gauss()));
    std::vector<unsigned> mask(sq * sk / 4, 0);
    mask[5] = 0x00010000u;  // one masked key (row 0, key 22) to exercise the branch
    std::vector<double> ref((size_t)rows * sk);
    emu::launch(dim3(sq / 4, 1, 1), dim3(32, 4), [&] {
      scaled_masked_softmax_warp_forward_h12(y.data(), x.data(), (const unsigned char*)mask.data(),
                                             0.125f, rows, sk, 1);
    });
    emu::launch(dim3(1), dim3(128), [&] {
      masked_softmax_ref(x.data(), mask.data(), ref.data(), rows, sk, sq, 0.125f);
    });
    int b = 0;
    double worst = 0, rowsum = 0;
    for (size_t i = 0; i < y.size(); ++i) {
      double o = __half2float(y[i]);
      if (!close_to(o, ref[i], 1e-3, 1e-7)) ++b;
      worst = std::max(worst, std::fabs(o - ref[i]) / (1e-7 + 1e-3 * std::fabs(ref[i])));
      if (i < (size_t)sk) rowsum += o;
    }
    printf(
        "apex softmax: %d of %zu outside fp16 rtol 1e-3 atol 1e-7, worst %.3g of the tolerance, "
        "row 0 sums to %.6f, masked key %.3g\n",
        b, y.size(), worst, rowsum, (double)__half2float(y[22]));
    bad += b;
  }
  return bad != 0;
}
