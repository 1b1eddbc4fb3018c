// Host emulation check (scripts/host_emu/run_fresh8.sh): ATen calc_digamma<float> through the
// vectorized launch, and its recurrence's lane efficiency.
#include "emu.h"

// The folder's sources, unchanged (the emulator defines the CUDA keywords first).
#include "tests/corpus_fresh8/pt_digamma_f32/kernel.cu"
#include "tests/corpus_fresh8/pt_digamma_f32/reference.cu"

int main() {
  const int n = 512 * 40 + 77;
  std::vector<float> x(n), y(n);
  std::vector<double> r(n);
  for (auto& v : x) v = (float)(0.05 + 11.95 * rndu());
  x[0] = 10.0f;
  x[1] = 1.4616321f;
  x[2] = 0.05f;
  x[3] = 11.999f;
  emu::launch(dim3((n + 511) / 512), dim3(128),
              [&] { digamma_vectorized_elementwise(n, x.data(), y.data()); });
  emu::launch(dim3((n + 255) / 256), dim3(256), [&] { digamma_ref(n, x.data(), r.data()); });
  int b = 0;
  double worst = 0;
  long long steps = 0, wsteps = 0;
  for (int i = 0; i < n; ++i) {
    if (!close_to(y[i], r[i], 1e-5, 2e-5)) ++b;
    worst = std::max(worst, std::fabs(y[i] - r[i]) / (2e-5 + 1e-5 * std::fabs(r[i])));
  }
  // lane efficiency of the recurrence: steps per lane against the warp's maximum, 32 consecutive
  // values
  for (int w = 0; w + 32 <= n; w += 32) {
    int mx = 0;
    for (int l = 0; l < 32; ++l) {
      float v = x[w + l];
      int s = 0;
      while (v < 10) {
        v += 1;
        ++s;
      }
      steps += s;
      mx = std::max(mx, s);
    }
    wsteps += 32LL * mx;
  }
  printf(
      "digamma: %d of %d outside rtol 1e-5 atol 2e-5, worst %.3g of the tolerance; recurrence lane "
      "efficiency %.3f (%.2f steps per value)\n",
      b, n, worst, (double)steps / wsteps, (double)steps / (n / 32 * 32));
  return b != 0;
}
