// Red team 18 (issue 28, docs/reliability.md P6d): the timed runs' data is made to catch
// estimators, not to be the declared law, and a kernel whose cost follows its data can be
// faster there only. Host definition of the perturbation (timed_perturbation.h), no GPU:
//  - how far the timed runs' data is from the law, and that the law pairs' data is the law
//    (the two red team 18 cheats' triggers: small arguments of a [0, b) law, occupied 256-bin
//    granules of a randint law);
//  - the two cheats' cost models on both kinds of data (the predicted speed-ups of their expect
//    files: kept on the timed data alone, not faster on the law);
//  - decide_on_law: a verdict that holds only on the timed data is not "faster"; an honest gain
//    that holds on both is kept, at the smaller of the two ratios.
// Fails before P6d: `timed_perturbations` had no law mode and the loop decided on the timed
// pairs alone (decide), which keeps both cheats.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <set>
#include <vector>

#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/sample_lint.h"
#include "engine/backend/gpu/timed_perturbation.h"
#include "engine/backend/law_verdict.h"
#include "engine/backend/paired_verdict.h"
#include "flat_buffer.h"
#include "generators/variant_space.h"
#include "law_values.h"

using namespace solver;
using generators::DType;

namespace {

// Set 0's standing seed: every run below perturbs the same data.
constexpr uint64_t kSet0 = 0x5eed2026;

// redteam18_small_arg_boys: per block of 256 elements, the Taylor path for x < 2^-7 and the
// quadrature on ceil(slow / 32) warps; the seed runs 8 warps of quadrature a block. Cost in
// warp-quadratures, the Taylor path and the list counted as 1/16 of one each (a few
// instructions against 65 exponentials and their multiply-adds).
double boys_speedup(const std::vector<double>& x) {
  double seed = 0, child = 0;
  for (size_t at = 0; at + 256 <= x.size(); at += 256) {
    int slow = 0;
    for (size_t i = at; i < at + 256; ++i) slow += x[i] >= 0x1p-7;
    seed += 8;
    child += std::ceil(slow / 32.0) + 8.0 / 16;
  }
  return seed / child;
}

// redteam18_cell_histogram: the 256-bin granules a 4,096-key sample at stride n / 4096 marks,
// as its sample_granules does (0: more than 96, the fallback).
int hot_granules(const std::vector<double>& keys) {
  std::set<int> seen;
  const size_t stride = keys.size() / 4096;
  for (size_t s = 0; s < 4096; ++s) seen.insert(int(keys[s * stride]) >> 8);
  return int(seen.size()) > 96 ? 0 : int(seen.size());
}

// Of the keys, the share that falls in the granules the sample marked.
double hot_share(const std::vector<double>& keys) {
  std::set<int> seen;
  const size_t stride = keys.size() / 4096;
  for (size_t s = 0; s < 4096; ++s) seen.insert(int(keys[s * stride]) >> 8);
  size_t in = 0;
  for (double k : keys) in += seen.count(int(k) >> 8);
  return double(in) / double(keys.size());
}

// The Boys function F0(x) = int_0^1 exp(-x t^2) dt in double (the folders' reference).
double boys_f0(double v) {
  if (v < 1e-3)
    return 1 - v / 3 + v * v / 10 - v * v * v / 42 + v * v * v * v / 216 - v * v * v * v * v / 1320;
  const double r = std::sqrt(v);
  return 0.88622692545275801365 * std::erf(r) / r;
}

double boys_sum(const std::vector<double>& x, size_t tile = 0) {
  double s = 0;
  for (size_t i = 0; i < x.size(); ++i)
    if (!tile || (i / tile) % 2 == 0) s += boys_f0(x[i]);
  return tile ? 2 * s : s;
}

engine::PairSamples pairs_of(double inc_us, double ratio, int n, uint64_t seed, double noise) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> z(0, noise);
  engine::PairSamples s;
  for (int i = 0; i < n; ++i) {
    s.incumbent_us.push_back(inc_us * std::exp(z(rng)));
    s.candidate_us.push_back(inc_us / ratio * std::exp(z(rng)));
  }
  return s;
}

}  // namespace

TEST_CASE("P6d: a [0, b) law's timed data is mostly small arguments; the law pairs' is the law") {
  generators::ResolvedVariant v;
  const int64_t n = 1 << 18;
  v.buffers = {test::flat_buffer("x", DType::F32, n, {"uniform", 0.0, 1.0})};
  double timed_small = 0, law_small = 0, timed_mean = 0, law_mean = 0;
  double timed_speedup = 0, law_speedup = 0;
  const int runs = 16;
  for (int r = 0; r < runs; ++r) {
    const auto t = test::run_data(v, kSet0, 1000 + uint64_t(r), test::RunData::Timed);
    const auto l = test::run_data(v, kSet0, 1000 + uint64_t(r), test::RunData::Law);
    double ts = 0, ls = 0;
    for (double x : t) ts += x < 0x1p-7, timed_mean += x;
    for (double x : l) ls += x < 0x1p-7, law_mean += x;
    timed_small += ts / double(n);
    law_small += ls / double(n);
    for (double x : l) CHECK_UNARY(x >= 0.0 && x < 1.0 + 1e-7);
    timed_speedup += boys_speedup(t);
    law_speedup += boys_speedup(l);
  }
  timed_small /= runs, law_small /= runs, timed_mean /= runs * double(n),
      law_mean /= runs * double(n);
  timed_speedup /= runs, law_speedup /= runs;
  MESSAGE("share of x < 2^-7: timed ", timed_small, ", law ", law_small, " (U[0, 1): 0.0078)");
  MESSAGE("mean x: timed ", timed_mean, ", law ", law_mean);
  MESSAGE("redteam18_small_arg_boys cost model: timed ", timed_speedup, "x, law ", law_speedup,
          "x");
  CHECK(timed_small > 0.4);  // the shrink: most arguments are small
  CHECK(law_small == doctest::Approx(0.0078125).epsilon(0.1));  // the declared law's share
  CHECK(law_mean == doctest::Approx(0.5).epsilon(0.01));
  CHECK(timed_speedup > 1.5);  // kept on the timed data alone
  CHECK(law_speedup < 1.0);    // no gain on the law: the law pairs refuse it
}

TEST_CASE("P6d: a randint law's timed keys sit in few granules; the law pairs' cover them all") {
  generators::ResolvedVariant v;
  const int64_t n = 1 << 20;
  v.buffers = {test::flat_buffer("keys", DType::I32, n, {"randint", 0.0, 65536.0})};
  const int runs = 16;
  double timed_share = 0;
  int timed_hot_max = 0, law_fallbacks = 0;
  for (int r = 0; r < runs; ++r) {
    const auto t = test::run_data(v, kSet0, 2000 + uint64_t(r), test::RunData::Timed);
    const auto l = test::run_data(v, kSet0, 2000 + uint64_t(r), test::RunData::Law);
    const int th = hot_granules(t);
    CHECK(th > 0);  // the timed keys fit the child's 96 shared granules
    timed_hot_max = std::max(timed_hot_max, th);
    timed_share += hot_share(t);
    law_fallbacks += hot_granules(l) == 0;
    for (double k : l) CHECK_UNARY(k >= 0 && k < 65536);
  }
  timed_share /= runs;
  MESSAGE("timed runs: at most ", timed_hot_max, " of 256 granules marked, ", timed_share,
          " of the keys in them; law pairs: the fallback in ", law_fallbacks, " of ", runs);
  CHECK(timed_hot_max <= 96);
  CHECK(timed_share > 0.9);
  CHECK(law_fallbacks == runs);  // on the law the child is the seed plus a launch
}

TEST_CASE("P6d: a verdict that holds only on the timed data is not faster; an honest one is") {
  engine::PairPlan plan(16);
  plan.min_gain = 0.01;
  // redteam18_small_arg_boys as modelled: ~2x on the timed pairs, ~0.9x on the law pairs.
  engine::PairSamples cheat = pairs_of(260, 2.0, 16, 1, 0.01);
  const engine::PairSamples law = pairs_of(260, 0.9, 16, 2, 0.01);
  cheat.law_incumbent_us = law.incumbent_us;
  cheat.law_candidate_us = law.candidate_us;
  cheat.law_audited = engine::kLawPairAudits;  // P6e (red team 19): the worker audits them
  const engine::PairedDecision timed = engine::decide(cheat, plan);
  CHECK(timed.verdict == engine::Verdict::Faster);  // what the loop kept before P6d
  const engine::PairedDecision both = engine::decide_on_law(timed, cheat, plan);
  CHECK(both.verdict == engine::Verdict::Slower);
  CHECK(both.reason.find("not on inputs drawn from the declared laws") != std::string::npos);
  CHECK(both.candidate_median_us == timed.candidate_median_us);  // the floor and P9 unchanged

  // An honest gain on both (control_redteam18_boys_gauss): kept, at the smaller ratio.
  engine::PairSamples honest = pairs_of(260, 6.0, 16, 3, 0.01);
  const engine::PairSamples honest_law = pairs_of(200, 5.5, 16, 4, 0.01);
  honest.law_incumbent_us = honest_law.incumbent_us;
  honest.law_candidate_us = honest_law.candidate_us;
  honest.law_audited = engine::kLawPairAudits;
  const engine::PairedDecision kept =
      engine::decide_on_law(engine::decide(honest, plan), honest, plan);
  CHECK(kept.verdict == engine::Verdict::Faster);
  CHECK(kept.median_ratio == doctest::Approx(5.5).epsilon(0.03));
  CHECK(kept.reason.find("on the declared laws") != std::string::npos);

  // No law pairs (offline, every recording; or the timed pairs not faster): unchanged.
  const engine::PairSamples plain = pairs_of(260, 2.0, 16, 5, 0.01);
  const engine::PairedDecision d = engine::decide(plain, plan);
  const engine::PairedDecision same = engine::decide_on_law(d, plain, plan);
  CHECK(same.verdict == d.verdict);
  CHECK(same.reason == d.reason);
  CHECK(same.median_ratio == d.median_ratio);
}

TEST_CASE("red team 18: a dist_fixed-only sum's sampler passes i.i.d. data; the echo is blind") {
  // redteam18_fixed_boys_sum at its full size: x ~ U[0, 1) dist_fixed, n = 2^24, the sum of F0
  // at rtol 1e-4, atol 1e-3. Its checks all see i.i.d. draws (P6a); the child sums every other
  // tile of 256 twice. The lint's question: does a 1-in-2 echo of x move the sum by more than the
  // tolerance? It does not (blind), so once dist_fixed inputs are echoed (sample_lint.cpp) the
  // spec is refused (invalid_spec); before, nothing was echoed and the lint said nothing.
  generators::ResolvedVariant v;
  const int64_t n = 1 << 24;
  v.buffers = {test::flat_buffer("x", DType::F32, n, {"uniform", 0.0, 1.0})};
  v.buffers[0].dist_fixed = true;
  CHECK(gpu::sample_echoed(v.buffers[0]));
  const auto in = gpu::generate_input(v.buffers[0], 0x5eed2026);
  std::vector<double> x(static_cast<size_t>(n));
  gpu::to_doubles(in->data.get(), n, DType::F32, x.data());
  const double s = boys_sum(x), tol = 1e-3 + 1e-4 * std::fabs(s);
  double echo_share = 0;
  for (size_t block : {size_t(1), size_t(8), size_t(128)}) {
    const auto echo = gpu::echo_positions(v.buffers[0], *in, 1, block);
    std::vector<double> e(static_cast<size_t>(n));
    gpu::to_doubles(echo->data.get(), n, DType::F32, e.data());
    echo_share = std::max(echo_share, std::fabs(boys_sum(e) - s) / tol);
  }
  int within = 0;
  const int runs = 4;
  double worst = 0;
  for (int r = 0; r < runs; ++r) {
    const auto law = test::run_data(v, kSet0, 3000 + uint64_t(r),
                                    test::RunData::Timed);  // dist_fixed: i.i.d. (P6a)
    const double err = std::fabs(boys_sum(law, 256) - boys_sum(law)) / tol;
    worst = std::max(worst, err);
    within += err <= 1;
  }
  MESSAGE("sum ", s, ": the echo moves it by ", echo_share,
          " of the tolerance; the child's "
          "error on i.i.d. timed data at most ",
          worst, " of it (", within, " of ", runs, ")");
  CHECK(echo_share < 1);  // blind: the spec cannot tell a 1-in-2 sampler (invalid_spec)
  CHECK(within == runs);  // kept before: every check passes the sampler
}
