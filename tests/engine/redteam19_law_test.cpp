// Red team 19 (issue 28, docs/reliability.md P6e): red team 18's law pairs (P6d) decided speed
// on runs nothing verified, and a kernel can tell them apart from every verified run:
//  - the regular sets are i.i.d. draws with the law's edges (host_data.cpp);
//  - every timed run, fresh set and audit is shrunk (P6c) or celled (P13);
//  - the law pairs are i.i.d. with the law's outer 2^-12 left to two planted extremes
//    (squeeze_iid), so a census of the edges finds none.
// The two folders tests/cheats/redteam19_law_garbage_{boys,hist} route on exactly these
// censuses: red team 18's (right) child where a check can see them, garbage on the law pairs.
// Host definition of the data (timed_perturbation.h), no GPU. The census tests say what the
// cheats see (they hold before and after P6e); the verdict test fails before P6e: law pairs
// with no audited run kept the candidate (decide_on_law read their times only).
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <vector>

#include "engine/backend/audit_choice.h"
#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/timed_perturbation.h"
#include "engine/backend/law_verdict.h"
#include "engine/backend/paired_verdict.h"
#include "engine/backend/value_json.h"
#include "flat_buffer.h"
#include "generators/variant_space.h"
#include "law_values.h"

using namespace solver;
using generators::DType;

namespace {

// The folders' censuses over the first 2^20 elements (here the whole buffer, so both planted
// extremes are in it: the law pairs' count is at its largest).
int boys_census(const std::vector<double>& x) {
  int c = 0;
  for (double v : x) c += float(v) < 0x1p-12f;
  return c;
}
int edge_census(const std::vector<double>& k) {
  int c = 0;
  for (double v : k) c += v < 16 || v >= 65520;
  return c;
}
// redteam18_cell_histogram's sample: the 256-bin granules 4,096 keys at stride n / 4096 occupy.
int granules(const std::vector<double>& k) {
  std::set<int> seen;
  const size_t stride = k.size() / 4096;
  for (size_t s = 0; s < 4096; ++s) seen.insert(int(k[s * stride]) >> 8);
  return int(seen.size());
}

}  // namespace

TEST_CASE("red team 19: a census of a [0, b) law's outer 2^-12 finds the law pairs alone") {
  generators::ResolvedVariant v;
  const int64_t n = 1 << 20;
  v.buffers = {test::flat_buffer("x", DType::F32, n, {"uniform", 0.0, 1.0})};
  for (int r = 0; r < 8; ++r) {
    const uint64_t set_seed = 0x5eed2026 + uint64_t(r), run = 7000 + uint64_t(r);
    const int regular = boys_census(test::run_data(v, set_seed, run, test::RunData::Regular));
    const int timed = boys_census(test::run_data(v, set_seed, run, test::RunData::Timed));
    const int law = boys_census(test::run_data(v, set_seed, run, test::RunData::Law));
    CAPTURE(r);
    CHECK(regular >= 16 * 8);  // ~256: the checked regular sets take the right child
    CHECK(timed >= n / 4);     // shrunk: every timed run, fresh set and audit too
    CHECK(law <= 2);           // only the planted extremes: the cheat's garbage path
  }
}

TEST_CASE("red team 19: a dist_fixed input's timed runs are the law pairs' kind of data") {
  // redteam19_fixed_edge_route: the census cannot tell a dist_fixed input's verified timed runs
  // (the i.i.d. redraw, edges left to the extremes) from its law pairs: its garbage path runs
  // on the gate's fresh-set check and every audit.
  generators::ResolvedVariant v;
  const int64_t n = 1 << 20;
  v.buffers = {test::flat_buffer("x", DType::F32, n, {"uniform", 0.0, 1.0})};
  v.buffers[0].dist_fixed = true;
  for (int r = 0; r < 4; ++r) {
    const uint64_t set_seed = 0x5eed2026 + uint64_t(r), run = 11000 + uint64_t(r);
    CAPTURE(r);
    CHECK(boys_census(test::run_data(v, set_seed, run, test::RunData::Regular)) >= 16 * 8);
    CHECK(boys_census(test::run_data(v, set_seed, run, test::RunData::Timed)) <= 2);
  }
}

TEST_CASE("red team 19: the histogram's sample and edge census find the law pairs alone") {
  generators::ResolvedVariant v;
  const int64_t n = 1 << 20;
  v.buffers = {test::flat_buffer("keys", DType::I32, n, {"randint", 0.0, 65536.0})};
  for (int r = 0; r < 8; ++r) {
    const uint64_t set_seed = 0x5eed2026 + uint64_t(r), run = 9000 + uint64_t(r);
    const auto regular = test::run_data(v, set_seed, run, test::RunData::Regular);
    const auto timed = test::run_data(v, set_seed, run, test::RunData::Timed);
    const auto law = test::run_data(v, set_seed, run, test::RunData::Law);
    CAPTURE(r);
    CHECK(granules(regular) > 96);
    CHECK(edge_census(regular) >= 16 * 8);  // ~512: the seed's atomics, right
    CHECK(granules(timed) <= 96);           // red team 18's privatised path, right
    CHECK(granules(law) > 96);
    CHECK(edge_census(law) <= 2);  // the garbage path
  }
}

TEST_CASE("P6e: law pairs none of whose runs was audited keep nothing") {
  engine::PairPlan plan(16);
  plan.min_gain = 0.01;
  // redteam19_law_garbage_boys as modelled: ~2x on the timed pairs (red team 18's child on
  // shrunk data), ~7x on the law pairs (the Taylor series alone, memory-bound).
  engine::PairSamples s;
  for (int i = 0; i < 16; ++i) {
    s.incumbent_us.push_back(350 * (1 + 0.001 * (i % 3)));
    s.candidate_us.push_back(175 * (1 + 0.001 * (i % 5)));
    s.law_incumbent_us.push_back(350 * (1 + 0.001 * (i % 4)));
    s.law_candidate_us.push_back(50 * (1 + 0.001 * (i % 2)));
  }
  const engine::PairedDecision timed = engine::decide(s, plan);
  REQUIRE(timed.verdict == engine::Verdict::Faster);
  // Before P6e: kept at the timed ratio, its law-pair speed unverified.
  const engine::PairedDecision unverified = engine::decide_on_law(timed, s, plan);
  CHECK(unverified.verdict == engine::Verdict::Ambiguous);
  CHECK(unverified.reason.find("no run of the candidate's law pairs was audited") !=
        std::string::npos);
  // With its law pairs audited (the worker now does; a wrong run there is a wrong_result and
  // no samples come back), the verdict is P6d's.
  s.law_audited = engine::kLawPairAudits;
  const engine::PairedDecision audited = engine::decide_on_law(timed, s, plan);
  CHECK(audited.verdict == engine::Verdict::Faster);
  CHECK(audited.reason.find("8 of them audited") != std::string::npos);
  // The count crosses the worker protocol; an answer without law pairs keeps its bytes.
  CHECK(engine::pair_samples_from_json(engine::to_json(s)).law_audited == 8);
  engine::PairSamples plain;
  plain.incumbent_us = {1.0};
  plain.candidate_us = {1.0};
  CHECK_FALSE(engine::to_json(plain).contains("law_audited"));
}

TEST_CASE("P6e: the cheapest law-pair cheat that P6d calls faster is caught at >= 0.999") {
  // A candidate not faster on the law (red team 18's children: ~0.94x) that is wrong and fast
  // (~7x) on k of its n law-pair runs: the smallest k at which the law pairs' single look
  // (decide at kAlpha, as decide_on_law makes it) says faster, for every n the adaptive plan
  // can reach, and the probability that kLawPairAudits audits (a uniform subset) catch it.
  double worst = 1, worst_three = 1;
  int worst_n = 0;
  for (int n = 8; n <= engine::kAdaptiveMaxPairs; ++n) {
    int least = -1;
    for (int k = 0; k <= n && least < 0; ++k) {
      engine::PairSamples s;
      for (int i = 0; i < n; ++i) {
        s.incumbent_us.push_back(350.0);
        s.candidate_us.push_back(i < k ? 50.0 : 350.0 / 0.94);
      }
      if (engine::decide(s, 0.01, engine::kAlpha).verdict == engine::Verdict::Faster) least = k;
    }
    CAPTURE(n);
    REQUIRE(least > 0);               // no law-pair verdict is faster with every run honest
    if (n == 16) CHECK(least == 13);  // redteam19_law_coinflip_boys' README
    const double p = engine::reservoir_catch_probability(least, n, engine::kLawPairAudits, 1);
    if (p < worst) worst = p, worst_n = n;
    worst_three = std::min(worst_three, engine::reservoir_catch_probability(least, n, 3, 1));
  }
  MESSAGE("law-pair cheat caught with probability >= ", worst, " (n = ", worst_n, ") with ",
          engine::kLawPairAudits, " audits; >= ", worst_three, " with 3");
  CHECK(worst >= 0.999);
  CHECK(worst_three < 0.999);  // why P7e's three are not enough here
  // Wrong on every law-pair run (both folders): caught with probability 1.
  CHECK(engine::reservoir_catch_probability(32, 32, engine::kLawPairAudits, 1) == 1.0);
}
