// Host emulation check (scripts/host_emu/run_fresh8.sh): The 10-714 needle CompactKernel and
// ReduceSumKernel.
#include "emu.h"

// The folder's sources, unchanged (the emulator defines the CUDA keywords first).
#include "tests/corpus_fresh8/needle_compact_permute/kernel.cu"
#include "tests/corpus_fresh8/needle_compact_permute/reference.cu"
#include "tests/corpus_fresh8/needle_reduce_sum_rows/kernel.cu"
#include "tests/corpus_fresh8/needle_reduce_sum_rows/reference.cu"

int main() {
  int bad = 0;
  {
    const int B = 3, T = 40, H = 4, D = 64;
    const long long n = (long long)B * T * H * D;  // n = 30720 = 120 x 256
    std::vector<float> a(n), out(n, -1.f);
    std::vector<double> ref(n);
    for (auto& v : a) v = (float)rndu();
    emu::launch(dim3(n / 256), dim3(256), [&] {
      needle_CompactKernel(a.data(), out.data(), n, 4, B, H, T, D, T * H * D, D, H * D, 1, 0);
    });
    emu::launch(dim3(n / 256), dim3(256),
                [&] { compact_permute_ref(a.data(), ref.data(), n, B, H, T, D); });
    int b = 0;
    for (long long i = 0; i < n; ++i)
      if ((double)out[i] != ref[i]) ++b;
    printf("needle compact: %d of %lld differ\n", b, n);
    bad += b;
  }
  {
    const int rows = 300, cols = 1024;
    std::vector<float> a((size_t)rows * cols), out(rows);
    std::vector<double> ref(rows);
    for (auto& v : a) v = (float)rndu();
    emu::launch(dim3((rows + 255) / 256), dim3(256),
                [&] { ReduceSumKernel(a.data(), out.data(), cols, rows); });
    emu::launch(dim3((rows * 32 + 255) / 256), dim3(256),
                [&] { reduce_rows_ref(a.data(), ref.data(), rows, cols); });
    int b = 0;
    double worst = 0;
    for (int i = 0; i < rows; ++i) {
      if (!close_to(out[i], ref[i], 1e-4, 1e-4)) ++b;
      worst = std::max(worst, std::fabs(out[i] - ref[i]) / (1e-4 + 1e-4 * std::fabs(ref[i])));
    }
    printf("needle reduce: %d of %d rows outside rtol/atol 1e-4, worst %.3g of the tolerance\n", b,
           rows, worst);
    bad += b;
  }
  return bad != 0;
}
