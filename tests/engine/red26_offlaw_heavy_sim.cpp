// Red team 26 (issue 28): tests/cheats/redteam26_offlaw_heavy_lbeta on the host definitions of the
// harness's lint, law checks and input sets (not a test: it prints what it measures). Red team
// 25's scattered heavy sum made compute-bound and put off the law:
//   y = W (the sum of f(x) at the 128 positions k n / 128 + 1) + (the sum of f(x) at every other
//   position), f(x) = log B(x + 4, x + 2), x: 2^lg values of uniform [0.5, 1.5), W = 10^6.
// P6k's light refusal (law_regions.h light_refusal, h28w) ran on main only where set 0 puts the
// problem on the law (sample_lint_op.cpp: `law_checks(shares, n_out)`); at an rtol where the
// weakest element share is under kLawCheckShare the class echoes were never taken and the
// verified runs are the off-law kind. Since h28h it runs wherever the lint passes, on the judged
// light share (judged_light_shares: a dominant part, not atol-held), which this prints. On set 0 it takes: the lint's nine echoes (sample_lint_verdict), law_checks' 16
// (law_echo_patterns, weakest_shares, law_checks), the three class partitions' light shares and
// light_refusal (what the gate would say if it judged the light part off the law too), then the
// child's error (the heavy terms exact, the light terms of the even 256-value tiles only, doubled)
// on set 0, regular sets 1 and 2, the fresh set and timed runs of both kinds, in tolerance units.
// Usage: red26_offlaw_heavy_sim [log2 n (24)] [timed runs (8)] [rtol (6e-4)] [W (1e6)]
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "engine/backend/gpu/class_bound.h"
#include "engine/backend/gpu/echo_map.h"
#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/law_checks.h"
#include "engine/backend/gpu/law_regions.h"
#include "engine/backend/gpu/sample_lint.h"
#include "engine/backend/gpu/timed_perturbation.h"
#include "red_sum_sim.h"
#include "flat_buffer.h"

using namespace solver;
using generators::DType;

using red_sim::floats;
using red_sim::lbeta;
using red_sim::lbeta_terms;

namespace {

constexpr int64_t kTile = 256, kHeavy = 128;
int64_t stride = 1;
double weight = 1e6;
bool heavy(int64_t i) { return i % stride == 1; }

double reference(const std::vector<double>& f) {
  double y = 0;
  for (size_t i = 0; i < f.size(); ++i) y += (heavy(int64_t(i)) ? weight : 1.0) * f[i];
  return y;
}

double child(const std::vector<double>& f) {
  double y = 0;
  for (size_t i = 0; i < f.size(); ++i)
    if (heavy(int64_t(i)))
      y += weight * f[i];
    else if ((int64_t(i) / kTile) % 2 == 0)
      y += 2.0 * f[i];
  return y;
}

// y on set 0's terms `f` after the echo `m` (each moved position takes its source's term).
double echoed(const std::vector<double>& f, double y0, const gpu::EchoMap& m) {
  double y = y0;
  const uint64_t n = f.size();
  if (m.family == gpu::EchoFamily::Strided) {  // only the class's pairs move: O(n / 512)
    for (uint64_t j = m.cls; j < n / 2; j += gpu::kEchoStrided) {
      const uint64_t i = 2 * j + 1;
      y += (heavy(int64_t(i)) ? weight : 1.0) * (f[i - 1] - f[i]);
    }
    return y;
  }
  for (uint64_t i = 0; i < n; ++i) {
    const uint64_t s = gpu::echo_source(m, i, n);
    if (s != i) y += (heavy(int64_t(i)) ? weight : 1.0) * (f[s] - f[i]);
  }
  return y;
}

double share(double a, double b, const generators::Tolerance& t) {
  return gpu::element_shares({{a}}, {{b}}, std::vector<generators::Tolerance>{t})[0][0];
}

double child_error(const gpu::HostSet& s, const generators::Tolerance& t) {
  const std::vector<double> f = lbeta_terms(floats(*s.inputs[0]));
  const double want = reference(f);
  return std::fabs(child(f) - want) / (t.atol + t.rtol * std::fabs(want));
}

}  // namespace

int main(int argc, char** argv) {
  const int lg = argc > 1 ? std::atoi(argv[1]) : 24;
  const int runs = argc > 2 ? std::atoi(argv[2]) : 8;
  generators::Tolerance t;
  t.rtol = argc > 3 ? std::atof(argv[3]) : 6e-4;
  t.atol = 1e-6;
  if (argc > 4) weight = std::atof(argv[4]);
  const int64_t n = int64_t(1) << lg;
  stride = n / kHeavy;
  generators::ResolvedVariant v;
  v.buffers = {test::flat_buffer("x", DType::F32, n, {"uniform", 0.5, 1.5})};
  std::printf("redteam26_offlaw_heavy_lbeta: n = 2^%d, W = %g, %lld heavy, rtol %.1e atol %.0e\n",
              lg, weight, (long long)kHeavy, t.rtol, t.atol);
  const auto seeds = gpu::derive_seeds(0x5eed2026, 3);  // Worker::standing_seeds
  const gpu::HostSet set0 = gpu::regular_set(v, seeds[0], nullptr);
  const std::vector<double> f0 = lbeta_terms(floats(*set0.inputs[0]));
  const double y0 = reference(f0);
  std::printf("set 0: y = %.6g\n", y0);
  // The lint's nine echoes (sample_lint.h), set 0 and the fresh set.
  std::vector<gpu::SetShare> lint;
  for (int s = 0; s < 2; ++s) {
    std::optional<gpu::HostSet> fresh;
    if (s == 1) fresh = gpu::derived_set(v, set0, gpu::SetKind::Fresh, 0xf2e5);
    const std::vector<double> f = s == 0 ? f0 : lbeta_terms(floats(*fresh->inputs[0]));
    const double y = s == 0 ? y0 : reference(f);
    gpu::SetShare one{s == 0 ? "set 0" : "the fresh set", 0, {0.0}};
    for (const gpu::EchoPattern& e : gpu::echo_patterns()) {
      const double sh = share(y, echoed(f, y, gpu::positions_echo(e.parity, e.block)), t);
      one.outputs[0] = std::max(one.outputs[0], sh);
      one.share = one.outputs[0];
    }
    std::printf("lint (nine echoes), %s: y %.3f\n", one.set.c_str(), one.share);
    lint.push_back(one);
  }
  const auto verdict = gpu::sample_lint_verdict(lint, "x", t, {"y"});
  std::printf("sample_lint_verdict: %s\n",
              verdict.refusal.empty() ? "passes" : ("invalid_spec: " + verdict.refusal).c_str());
  // law_checks' sixteen echoes on set 0.
  double weakest = 0;
  for (const gpu::EchoPattern& e : gpu::law_echo_patterns())
    weakest = std::max(weakest, share(y0, echoed(f0, y0, gpu::positions_echo(e.parity, e.block)), t));
  gpu::SetShare s0{"set 0", weakest, {weakest}};
  s0.weakest = {weakest};
  std::printf("law_checks (16 echoes): weakest element share %.2f: %s\n", weakest,
              gpu::law_checks({s0}, 1) ? "TRUE (law redraws; the class echoes and P6k follow)"
                                       : "false (off-law runs; since h28h the hashed and strided classes still taken)");
  // P6k's light part: on main taken on the law only; since h28h wherever the lint passes
  // (law_regions_op.cpp takes the contiguous classes on the law only, the hashed and strided ones
  // on or off it).
  for (gpu::RegionFamily fam :
       {gpu::RegionFamily::Contiguous, gpu::RegionFamily::Hashed, gpu::RegionFamily::Strided}) {
    std::vector<std::vector<std::vector<double>>> by_class;
    for (const gpu::EchoRegion& r : gpu::law_regions(fam))
      by_class.push_back({{share(y0, echoed(f0, y0, gpu::region_echo(r)), t)}});
    const std::vector<std::vector<double>> shares = gpu::light_shares(by_class);
    const std::vector<double> light = gpu::weakest_shares(shares);
    // What the worker judges (h28h: wherever the lint passes, law_regions_op.cpp): the elements
    // with a dominant part that are not atol-held (judged_light_shares).
    gpu::HostDoubles base(1, y0);
    const std::vector<double> judged = gpu::weakest_shares(gpu::judged_light_shares(
        by_class, shares, gpu::atol_parts(std::vector<gpu::HostDoubles>{base}, {t})));
    std::printf("  %s classes (%zu echoes): light share %.4f%s\n",
                fam == gpu::RegionFamily::Hashed    ? "hashed"
                : fam == gpu::RegionFamily::Strided ? "strided"
                                                    : "contiguous",
                by_class.size(), light[0],
                fam == gpu::RegionFamily::Strided
                    ? (std::string(", judged ") + std::to_string(judged[0]) +
                       (gpu::light_refusal(judged, {"y"}, {t}, "x").empty()
                            ? ": light_refusal none (kept)"
                            : ": light_refusal refuses (invalid_spec)"))
                          .c_str()
                    : "");
  }
  std::printf("child on set 0: %.4f of the tolerance\n", std::fabs(child(f0) - y0) /
                                                            (t.atol + t.rtol * std::fabs(y0)));
  for (int s = 1; s < 3; ++s)
    std::printf("child on regular set %d: %.4f\n", s,
                child_error(gpu::regular_set(v, seeds[size_t(s)], nullptr), t));
  if (auto fresh = gpu::derived_set(v, set0, gpu::SetKind::Fresh, 0xf2e5))
    std::printf("child on the fresh set: %.4f\n", child_error(*fresh, t));
  for (bool law : {true, false}) {
    double worst = 0;
    int out = 0;
    for (int r = 1; r <= runs; ++r) {
      const double e = child_error(
          gpu::timed_inputs(v, set0, uint64_t(r) * 0x9e3779b97f4a7c15ull, false, law), t);
      worst = std::max(worst, e);
      out += e > 1;
    }
    std::printf("%s: worst %.4f of the tolerance, %d of %d runs out\n",
                law ? "law redraws" : "off-law timed kind (the verified runs here)", worst, out,
                runs);
  }
  return 0;
}
