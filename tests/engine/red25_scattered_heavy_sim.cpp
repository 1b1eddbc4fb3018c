// Red team 25 (issue 28): tests/cheats/redteam25_scattered_heavy_sum on the host definitions of
// the harness's lint and input sets (not a test: it prints what it measures). The problem: x,
// n = 2^lg values U[0, 1); one output y = W (sum of x at the K positions k n / K + 1) + (the sum
// of every other x), FP32 out, rtol 5e-4, atol 1e-6: red team 23's loud weight sum with its
// heavy positions scattered over more than half of both partitions' classes (law_regions.h,
// "Not covered"), so nothing is dominant and h28r's light share is the whole share. On set 0 (the
// first standing seed) it takes law_checks' echoes as the lint does (law_echo_patterns,
// element_shares, fold_element_shares, weakest_shares; stopping where the weakest element clears
// kLawCheckShare), prints the decision, then h28r's (law_regions.h: the class echoes of both
// partitions, each element's light share; since h28w the strided classes and the spec's refusal on
// the light part, light_refusal), then the cheat's error (the head exact, the long sum
// from its even 256-value tiles, doubled) in tolerance units on each verified-run kind: the law
// redraw (P6h on) and the off-law timed kind (P6h off). Usage: red25_scattered_heavy_sim [log2 n
// (default 24)] [runs (default 16)] [W (default 1e6)]
//        [K (default 128)] [rtol (default 5e-4; red team 26: 5e-3 takes it off the law)]
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/law_checks.h"
#include "engine/backend/gpu/law_regions.h"
#include "engine/backend/gpu/sample_lint.h"
#include "engine/backend/gpu/timed_perturbation.h"
#include "flat_buffer.h"

using namespace solver;
using generators::DType;

namespace {

constexpr int64_t kTile = 256;
int64_t heavy_count = 128, stride = 1;  // stride = n / K
bool heavy(int64_t i) { return i % stride == 1; }
double declared_rtol = 5e-4;  // argv[5] (red team 26: the same sum off the law)
constexpr double kAtol = 1e-6;
double weight = 1e6;

std::vector<float> floats(const unsigned char* p, size_t bytes) {
  std::vector<float> v(bytes / 4);
  std::memcpy(v.data(), p, bytes);
  return v;
}

double reference(const std::vector<float>& x) {
  double y = 0;
  for (size_t i = 0; i < x.size(); ++i) y += (heavy(int64_t(i)) ? weight : 1.0) * double(x[i]);
  return y;
}

// cheat.cu on in-support data: the head exact, the rest from the even tiles, doubled.
double cheat(const std::vector<float>& x) {
  double y = 0;
  for (size_t i = 0; i < x.size(); ++i)
    if (heavy(int64_t(i)))
      y += weight * double(x[i]);
    else if ((int64_t(i) / kTile) % 2 == 0)
      y += 2.0 * double(x[i]);
  return y;
}

double tol(double r) { return kAtol + declared_rtol * std::fabs(r); }

// cheat.cu on any data: a 32,768-value chunk with a value outside (0, 1) is summed in full
// (with `route01`, red team 22's route: outside [0, 1) only).
bool route01 = false;
double cheat_routed(const std::vector<float>& x) {
  constexpr size_t kChunk = 32768;
  double y = 0;
  for (size_t c = 0; c < x.size(); c += kChunk) {
    bool off = false;
    for (size_t i = c; i < c + kChunk; ++i)
      off = off || !((route01 ? x[i] >= 0.f : x[i] > 0.f) && x[i] < 1.f);
    for (size_t i = c; i < c + kChunk; ++i) {
      const double w = heavy(int64_t(i)) ? weight : 1.0;
      if (off)
        y += w * double(x[i]);
      else if (heavy(int64_t(i)))
        y += w * double(x[i]);
      else if ((int64_t(i) / kTile) % 2 == 0)
        y += 2.0 * double(x[i]);
    }
  }
  return y;
}

}  // namespace

int main(int argc, char** argv) {
  const int lg = argc > 1 ? std::atoi(argv[1]) : 24;
  const int runs = argc > 2 ? std::atoi(argv[2]) : 16;
  if (argc > 3) weight = std::atof(argv[3]);
  const int64_t n = int64_t(1) << lg;
  if (argc > 4) heavy_count = std::atoll(argv[4]);
  if (argc > 5) declared_rtol = std::atof(argv[5]);
  stride = n / heavy_count;
  generators::ResolvedVariant v;
  v.buffers = {test::flat_buffer("x", DType::F32, n, {"uniform", 0, 1})};
  const gpu::HostSet set0 = gpu::regular_set(v, gpu::derive_seeds(0x5eed2026, 3)[0], nullptr);
  const std::vector<float> x0 = floats(set0.inputs[0]->data.get(), set0.inputs[0]->size);
  const double r0 = reference(x0);
  generators::Tolerance t;
  t.rtol = declared_rtol;
  t.atol = kAtol;
  std::printf("redteam25_scattered_heavy_sum: n = 2^%d, W = %g, K = %lld, rtol %.1e atol %.0e\n",
              lg, weight, (long long)heavy_count, declared_rtol, kAtol);
  // The lint's round 0 on set 0, as sample_lint_op.cpp takes it for law_checks.
  std::vector<std::vector<double>> largest;
  std::vector<double> weakest;
  int taken = 0;
  for (const gpu::EchoPattern& e : gpu::law_echo_patterns()) {
    const auto echo = gpu::echo_positions(v.buffers[0], *set0.inputs[0], e.parity, e.block);
    const double re = reference(floats(echo->data.get(), echo->size));
    const auto el = gpu::element_shares({{r0}}, {{re}}, std::vector<generators::Tolerance>{t});
    gpu::fold_element_shares(largest, el);
    weakest = gpu::weakest_shares(largest);
    ++taken;
    std::printf("  set 0 echo block %3zu parity %d: element share %9.2f, weakest so far %9.2f\n",
                e.block, e.parity, el[0][0], weakest[0]);
    if (weakest[0] >= gpu::kLawCheckShare) break;
  }
  gpu::SetShare s0{"set 0", weakest[0], {weakest[0]}};
  s0.weakest = weakest;
  const bool law = gpu::law_checks({s0}, 1);
  std::printf("set 0: weakest element share %.1f after %d echoes: law_checks %s (main c9f39b33)\n",
              weakest[0], taken,
              law ? "TRUE (every verified run a law redraw)" : "false (off-law runs)");
  // h28r's fix (law_regions.h, sample_lint_op.cpp): each partition's class echoes, the element's
  // light share (its dominant classes left out) must clear the bar too.
  // h28w: then kStridedRegions strided classes (pair j in class j mod 256), where an element's
  // light share at most 1 refuses the spec (light_refusal).
  std::string refusal;
  for (gpu::RegionFamily f :
       {gpu::RegionFamily::Contiguous, gpu::RegionFamily::Hashed, gpu::RegionFamily::Strided}) {
    if (!gpu::law_checks({s0}, 1)) break;
    std::vector<std::vector<std::vector<double>>> by_class;
    for (const gpu::EchoRegion& r : gpu::law_regions(f)) {
      const auto echo = gpu::echo_region(v.buffers[0], *set0.inputs[0], r);
      const double re = reference(floats(echo->data.get(), echo->size));
      by_class.push_back(
          gpu::element_shares({{r0}}, {{re}}, std::vector<generators::Tolerance>{t}));
    }
    const std::vector<double> light = gpu::weakest_shares(gpu::light_shares(by_class));
    s0.weakest = gpu::weakest_with_input(s0.weakest, light);
    std::printf("  %s classes (%zu echoes): light share %.4f, weakest now %.4f\n",
                f == gpu::RegionFamily::Hashed    ? "hashed"
                : f == gpu::RegionFamily::Strided ? "strided (h28w)"
                                                  : "contiguous",
                by_class.size(), light[0], s0.weakest[0]);
    if (f == gpu::RegionFamily::Strided) refusal = gpu::light_refusal(light, {"y"}, {t}, "x");
    if (f == gpu::RegionFamily::Hashed && !gpu::strided_needed(light)) break;
  }
  const bool fixed = gpu::law_checks({s0}, 1);
  std::printf("with the dominant positions left out (h28r, h28w): law_checks %s\n",
              fixed ? "TRUE (every verified run a law redraw)"
                    : "false (the verified runs stay off the law: the off-law line below)");
  std::printf("the gate (h28w): %s\n",
              refusal.empty() ? "no refusal" : ("invalid_spec: " + refusal).c_str());
  // The long sum's own echo share: what the bar would see without the heavy positions.
  {
    const auto echo = gpu::echo_positions(v.buffers[0], *set0.inputs[0], 1, 1);
    std::vector<float> xe = floats(echo->data.get(), echo->size);
    for (int64_t i = 1; i < n; i += stride) xe[size_t(i)] = x0[size_t(i)];
    std::printf("the light part alone, odd-position echo: %.3f of the tolerance\n",
                std::fabs(reference(xe) - r0) / tol(r0));
  }
  std::printf("cheat on set 0: %.3f of the tolerance\n", std::fabs(cheat(x0) - r0) / tol(r0));
  // The gate's adversarial sets (the problem is homogeneous), with the cheat's route; the atol
  // scaled as the set says (the heavy set's magnitude bound is |r| itself: x >= 0).
  for (gpu::SetKind k :
       {gpu::SetKind::ExponentUp, gpu::SetKind::ExponentDown, gpu::SetKind::HeavySigned}) {
    for (uint64_t seed : {11ull, 12ull, 13ull}) {
      const auto d = gpu::derived_set(v, set0, k, seed);
      if (!d) continue;
      const std::vector<float> x = floats(d->inputs[0]->data.get(), d->inputs[0]->size);
      const double ref = reference(x);
      const double tl = kAtol * d->atol_scale + declared_rtol * std::fabs(ref);
      route01 = true;
      const double e01 = std::fabs(cheat_routed(x) - ref) / tl;
      route01 = false;
      std::printf(
          "  %s (seed %llu): the child %.3f of the tolerance (routed outside [0, 1) "
          "only: %.3f)\n",
          gpu::to_string(k), (unsigned long long)seed, std::fabs(cheat_routed(x) - ref) / tl, e01);
    }
  }
  for (bool lawk : {true, false}) {
    double worst = 0;
    int out = 0;
    for (int r = 1; r <= runs; ++r) {
      std::vector<unsigned char> d(set0.inputs[0]->data.get(),
                                   set0.inputs[0]->data.get() + set0.inputs[0]->size);
      for (const gpu::Perturbation& p :
           gpu::timed_perturbations(v, uint64_t(r) * 0x9e3779b97f4a7c15ull, true, lawk))
        gpu::apply_perturbation(v.buffers[p.buffer], d.data(), p);
      const std::vector<float> x = floats(d.data(), d.size());
      const double ref = reference(x);
      const double e = std::fabs(cheat(x) - ref) / tol(ref);
      worst = std::max(worst, e);
      out += e > 1;
    }
    std::printf("%s: worst %.3f of the tolerance, %d of %d runs out\n",
                lawk ? "law redraws (P6h on: main)" : "off-law timed kind (P6h off)", worst, out,
                runs);
  }
  return 0;
}
