// Helper h30d (issue 28): tests/cheats/redteam30_diluted_tail_lbeta's P6k judgement on the host,
// its 256 strided class echoes in closed form (pair j in class j mod 256; the echo copies x[2j]
// into x[2j + 1]): y[0] = 10^6 log B(x + 4, x + 2) at i = k n / 128 + 1 + log B elsewhere, y[1 +
// i] = 1000 x[i 32768 + 3] + b_i sum (x - 1) (diluted_sum.cuh's b_i), rtol 3e-5 atol 1, over a
// std::mt19937_64 draw of uniform [0.5, 1.5) (not the harness's set 0). Prints the shares, the
// kinds (law_regions.h atol_held) and refusable_shares by main's rule (one tail) and h30d's.
// Usage: h30d_diluted_sim [log2 n (24)] [seed (1)]
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "engine/backend/gpu/law_regions.h"
#include "engine/backend/gpu/sample_lint.h"

using namespace solver;

int main(int argc, char** argv) {
  const int lg = argc > 1 ? std::atoi(argv[1]) : 24;
  const uint64_t seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 1;
  const size_t n = size_t(1) << lg, C = 512, R = gpu::kStridedRegions, chunk = 32768;
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<float> u(0.5f, 1.5f);
  std::vector<float> x(n);
  for (float& v : x) v = u(rng);
  auto f = [](double v) {
    return std::lgamma(v + 4) + std::lgamma(v + 2) - std::lgamma(2 * v + 6);
  };
  auto w = [&](size_t p) { return p % (n / 128) == 1 ? 1e6 : 1.0; };
  std::vector<double> b(C);
  for (size_t i = 0; i < C; ++i) {
    const float s = i < 64 ? 0.05f + 0.9f * float(i) / 63.f : 1.2f + 13.8f * float(i - 64) / 447.f;
    b[i] = double(s * (1.03f / 1180.f));
  }
  gpu::HostDoubles base(1 + C, 0.0);
  double cen = 0;
  for (size_t p = 0; p < n; ++p) base[0] += w(p) * f(x[p]), cen += double(x[p]) - 1.0;
  for (size_t i = 0; i < C; ++i)
    base[1 + i] = (i * chunk + 3 < n ? 1000.0 * x[i * chunk + 3] : 0.0) + b[i] * cen;
  std::vector<double> d0(R, 0.0), dc(R, 0.0);
  for (size_t j = 0; j < n / 2; ++j) {
    const size_t r = j % R;
    d0[r] += w(2 * j + 1) * (f(x[2 * j]) - f(x[2 * j + 1]));
    dc[r] += double(x[2 * j]) - double(x[2 * j + 1]);
  }
  generators::Tolerance tol;
  tol.rtol = 3e-5;
  tol.atol = 1.0;
  std::vector<std::vector<std::vector<double>>> by_class;
  for (size_t r = 0; r < R; ++r) {
    gpu::HostDoubles e = base;
    e[0] += d0[r];
    for (size_t i = 0; i < C; ++i) {
      e[1 + i] += b[i] * dc[r];
      const size_t p = i * chunk + 3;
      if (p < n && (p / 2) % R == r) e[1 + i] += 1000.0 * (double(x[p - 1]) - double(x[p]));
    }
    by_class.push_back(gpu::element_shares({base}, {e}, {tol}));
  }
  const auto light = gpu::light_shares(by_class);
  const auto parts = gpu::atol_parts({base}, {tol});
  const auto judged = gpu::judged_light_shares(by_class, light, parts);
  size_t kind[2] = {0, 0}, near = 0, unjudged = 0;
  for (size_t i = 0; i < judged[0].size(); ++i) {
    const double j = judged[0][i];
    kind[gpu::atol_held(j, parts[0][i])] += j < 0 || (j > 0 && j <= 1);
    near += j < 0 || (j > 0 && j <= gpu::kNearLight);
    unjudged += j == 0;
  }
  const double main_rule = gpu::refusable_shares(judged)[0];
  const double by_kind = gpu::refusable_shares(judged, &parts)[0];
  std::printf(
      "n 2^%d seed %llu: y[0] %.6g (atol part %.3g), light share %.4g, judged %.4g; "
      "companions' light shares %.3g .. %.3g, atol parts %.3g .. %.3g\n",
      lg, (unsigned long long)seed, base[0], parts[0][0], light[0][0], judged[0][0], light[0][1],
      light[0][C], parts[0][1], parts[0][C]);
  std::printf("weak at atol 0 %zu, atol-held %zu, near %zu, not judged %zu\n", kind[0], kind[1],
              near, unjudged);
  std::printf("main (one tail): refusable_shares %.4g (%s); h30d (tails by kind): %.4g (%s)\n",
              main_rule, main_rule > 0 && main_rule <= 1 ? "invalid_spec" : "kept", by_kind,
              by_kind > 0 && by_kind <= 1 ? "invalid_spec" : "kept");
  return 0;
}
