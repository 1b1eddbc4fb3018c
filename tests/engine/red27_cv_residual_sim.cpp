// Red team 27 (issue 28): tests/cheats/redteam27_cv_residual_sum on the host definitions of the
// harness's lint, law checks, skip bound and input sets (not a test: it prints what it
// measures). y = sum of log B(x + 4, x + 2) over 2^lg x of uniform [0.5, 1.5), off the law.
// The lint's bar and P6j's skip bound model a skip as skip-and-rescale, whose error is the
// function's spread; the child skips 15 of 16 log B evaluations and stands in log B's
// least-squares parabola g for them (a control variate: y = sum g + 16 sum over every 16th
// position of (f - g)), whose error is the residual's spread, ~2,000 x smaller. It is unbiased
// on any data whose positions are exchangeable (every set the harness makes, P13's cells
// included), and off by ~100 tolerances on an in-support set laid out against its sample.
// Printed: the lint, the law decision, P6j's phi* and note, and the child's error on set 0,
// regular sets 1 and 2, the fresh set, off-law timed runs (the verified kind), law redraws, and
// the laid-out set.
// Usage: red27_cv_residual_sim [log2 n (24)] [runs (8)] [rtol (2e-6)] [atol (1)]
#include <cstdio>
#include <cstdlib>

#include "engine/backend/gpu/class_bound.h"
#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/skip_bound.h"
#include "engine/backend/gpu/timed_perturbation.h"
#include "flat_buffer.h"
#include "red_sum_sim.h"

using namespace solver;
using generators::DType;

namespace {

constexpr double kParabola[3] = {-4.6539752264096936, -1.6039341667768405, 0.042446236565038174};
constexpr size_t kEvery = 16;

double g(float x) {
  const double t = double(x - 1.0f);
  return kParabola[0] + kParabola[1] * t + kParabola[2] * t * t;
}

// The child (cheat.cu): g at every element, f - g at every 16th (the .x of every 4th float4),
// times 16; f in double here (the kernel's lgammaf adds its own ~6e-7 an evaluation).
double child(const std::vector<float>& x) {
  double y = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    y += g(x[i]);
    if (i % kEvery == 0) y += double(kEvery) * (red_sim::lbeta(double(x[i])) - g(x[i]));
  }
  return y;
}

double child_error(const std::vector<float>& x, const generators::Tolerance& t) {
  return red_sim::err(child(x), red_sim::sum(red_sim::lbeta_terms(x)), t);
}

}  // namespace

int main(int argc, char** argv) {
  const int lg = argc > 1 ? std::atoi(argv[1]) : 24;
  const int runs = argc > 2 ? std::atoi(argv[2]) : 8;
  generators::Tolerance t;
  t.rtol = argc > 3 ? std::atof(argv[3]) : 2e-6;
  t.atol = argc > 4 ? std::atof(argv[4]) : 1.0;
  const int64_t n = int64_t(1) << lg;
  generators::ResolvedVariant v;
  v.buffers = {test::flat_buffer("x", DType::F32, n, {"uniform", 0.5, 1.5})};
  std::printf("redteam27_cv_residual_sum: n = 2^%d, rtol %.1e atol %g, f at 1 in %zu\n", lg, t.rtol,
              t.atol, kEvery);
  const auto seeds = gpu::derive_seeds(0x5eed2026, 3);  // Worker::standing_seeds
  const gpu::HostSet set0 = gpu::regular_set(v, seeds[0], nullptr);
  const std::vector<float> x0 = red_sim::floats(*set0.inputs[0]);
  const std::vector<double> f0 = red_sim::lbeta_terms(x0);
  const double y0 = red_sim::sum(f0);
  std::printf("set 0: y = %.9g, tolerance %.3f\n", y0, t.atol + t.rtol * std::fabs(y0));
  const gpu::SetShare s0 = red_sim::lint_set("set 0", f0, y0, t);
  const double sd = gpu::echo_sd(s0, 0);
  std::printf(
      "lint (nine echoes), set 0: %.2f, echo sd %.2f: %s\n", s0.share, sd,
      gpu::sample_lint_verdict({s0}, "x", t, {"y"}).refusal.empty() ? "passes" : "invalid_spec");
  const red_sim::LawDecision law = red_sim::law_decision(f0, y0, t);
  std::printf("law_checks: sixteen echoes %.2f -> weakest %.2f: %s\n", law.sixteen, law.weakest,
              law.on_law ? "on the law" : "OFF the law (verified runs in P13's cells)");
  const double phi = gpu::smallest_skip(sd, gpu::kVerifiedRunsPerRound, gpu::kSkipCatch);
  std::printf("P6j: phi* %.4f (%s; a skip of 15/16 is promised caught in >= %.0f%% of rounds)\n",
              phi, phi >= gpu::kSkipDisclosed ? "disclosed: skip left open" : "not disclosed",
              100 * gpu::kSkipCatch);
  const std::string note = gpu::skip_note(s0, {"y"}, {t});
  std::printf("skip_note: %s\n", note.empty() ? "(none)" : note.c_str());
  std::printf("child on set 0: %.4f of the tolerance\n", child_error(x0, t));
  for (int s = 1; s < 3; ++s)
    std::printf(
        "child on regular set %d: %.4f\n", s,
        child_error(red_sim::floats(*gpu::regular_set(v, seeds[size_t(s)], nullptr).inputs[0]), t));
  if (auto fresh = gpu::derived_set(v, set0, gpu::SetKind::Fresh, 0xf2e5))
    std::printf("child on a fresh set: %.4f\n", child_error(red_sim::floats(*fresh->inputs[0]), t));
  struct Kind {
    const char* name;
    bool on_law, cls;
  };
  for (const Kind& k : {Kind{"off-law timed runs (the verified kind here)", false, true},
                        Kind{"off-law timed runs without P6l's strata (main)", false, false},
                        Kind{"law redraws", true, true},
                        Kind{"law redraws without the strata (main)", true, false}}) {
    double worst = 0, ss = 0;
    int out = 0;
    for (int r = 1; r <= runs; ++r) {
      const double e = child_error(
          red_sim::timed_floats(v, set0, uint64_t(r) * 0x9e3779b97f4a7c15ull, k.on_law, k.cls), t);
      worst = std::max(worst, e);
      ss += e * e;
      out += e > 1;
    }
    std::printf("%s, %d runs: rms %.4f worst %.4f, %d out\n", k.name, runs, std::sqrt(ss / runs),
                worst, out);
  }
  // In support, laid out against the sample: set 0's values sorted by the residual, the largest
  // f - g at the sampled positions.
  std::vector<float> laid = x0;
  std::sort(laid.begin(), laid.end(), [](float a, float b) {
    return red_sim::lbeta(double(a)) - g(a) > red_sim::lbeta(double(b)) - g(b);
  });
  std::vector<float> placed(laid.size());
  size_t k = 0;
  for (size_t i = 0; i < placed.size(); i += kEvery) placed[i] = laid[k++];
  for (size_t i = 0; i < placed.size(); ++i)
    if (i % kEvery) placed[i] = laid[k++];
  std::printf(
      "an in-support set laid out against the sample (set 0's values): %.1f of the "
      "tolerance\n",
      child_error(placed, t));
  return 0;
}
