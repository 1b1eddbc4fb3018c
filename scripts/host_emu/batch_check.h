// What the corpus batches' host checks (f9_check.cpp, f10_check.cpp, f11_check.cpp) share: the
// comparison of a kernel's output with its reference at a folder's tolerance, the count of
// failed comparisons the program exits with, and a uniform float draw. Include after emu.h.
#pragma once
#include <cmath>
#include <cstdio>
#include <vector>

static int bad = 0;
// One line per comparison: how many values are outside atol + rtol * |ref| and the worst one's
// share of its tolerance; a comparison with any value outside counts once in `bad`.
template <class A, class B>
static void compare(const char* name, const A& out, const B& ref, double rtol, double atol) {
  size_t worst = 0, nbad = 0;
  double wr = 0;
  for (size_t i = 0; i < out.size(); ++i) {
    const double d = std::fabs((double)out[i] - (double)ref[i]);
    const double lim = atol + rtol * std::fabs((double)ref[i]);
    if (!(d <= lim)) ++nbad;
    const double r = lim > 0 ? d / lim : (d > 0 ? 1e9 : 0);
    if (r > wr) wr = r, worst = i;
  }
  printf("%-34s %zu values, %zu outside tolerance, worst %.3g of the tolerance (at %zu)\n", name,
         out.size(), nbad, wr, worst);
  bad += nbad != 0;
}
// n floats uniform on [lo, hi) from emu.h's generator.
static std::vector<float> unif(size_t n, double lo, double hi) {
  std::vector<float> v(n);
  for (auto& x : v) x = (float)(lo + (hi - lo) * rndu());
  return v;
}
