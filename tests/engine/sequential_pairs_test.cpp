// The sequential pair rule (engine/backend/paired_verdict.h) and the round's phase times: the
// statistics are host code; the loop runs on the SYNTHETIC toy pool.
#include <doctest/doctest.h>

#include <random>

#include "engine/backend/paired_verdict.h"
#include "engine/backend/recorded_backend.h"
#include "engine/loop/evolver.h"
#include "engine/loop/ledger.h"
#include "engine/loop/round_loop.h"
#include "generators/problem_spec.h"
#include "rules/rule_table.h"
#include "synthetic_pairs.h"
#include "synthetic_pool.h"

using namespace solver;
using namespace solver::engine;

namespace {
PairSamples series(int n, double gain, double jitter, uint64_t seed) {
  return test::synthetic_pairs(n, gain, jitter, seed, 0.03);
}
}  // namespace

TEST_CASE("the default plan looks at 8, 12 and 16 pairs, each at alpha/3") {
  PairPlan p;
  CHECK(p.looks() == std::vector<int>{8, 12, 16});
  CHECK(p.look_alpha() == doctest::Approx(0.05 / 3));
  // A fixed plan: one look at its count, the classic 95% rule.
  PairPlan fixed(15);
  CHECK(fixed.looks() == std::vector<int>{15});
  CHECK(fixed.look_alpha() == doctest::Approx(0.05));
  PairPlan odd;
  odd.max_pairs = 14;
  CHECK(odd.looks() == std::vector<int>{8, 12, 14});
  // At alpha/3, 8 pairs bound the median by their extremes (P(X=0) = 1/256 <= 0.83%), 12 by
  // the 2nd values, 16 by the 3rd.
  CHECK(median_ci_ranks(8, 0.05 / 3) == std::pair<int, int>{0, 7});
  CHECK(median_ci_ranks(12, 0.05 / 3) == std::pair<int, int>{1, 10});
  CHECK(median_ci_ranks(16, 0.05 / 3) == std::pair<int, int>{2, 13});
  // Five pairs can never decide at 95%: even their extremes cover the median only 93.75%.
  PairSamples five;
  five.incumbent_us = {2, 2, 2, 2, 2};
  five.candidate_us = {1, 1, 1, 1, 1};
  CHECK(decide(five, 0.01).verdict == Verdict::Ambiguous);
}

TEST_CASE("a clear gain stops at the first look; a noisy tie runs to the cap") {
  PairPlan p;
  PairSamples clear = series(16, 1.5, 0.003, 1);
  CHECK(stop_after({clear.incumbent_us.begin(), clear.incumbent_us.begin() + 8},
                   {clear.candidate_us.begin(), clear.candidate_us.begin() + 8}, p));
  // Not a look: never stops there, decided or not.
  CHECK_FALSE(stop_after({clear.incumbent_us.begin(), clear.incumbent_us.begin() + 7},
                         {clear.candidate_us.begin(), clear.candidate_us.begin() + 7}, p));
  PairedDecision d = decide_sequentially(clear, p);
  CHECK(d.verdict == Verdict::Faster);
  CHECK(d.ratios.size() == 8);
  CHECK(d.reason.find("look 1 of 3") != std::string::npos);
  // A 1% gain in 4% jitter cannot be decided by 8 pairs: the rule reads further.
  PairedDecision noisy = decide_sequentially(series(16, 1.01, 0.04, 2), p);
  CHECK(noisy.ratios.size() > 8);
  // A fixed plan never stops early.
  PairPlan fixed(16);
  CHECK_FALSE(stop_after(std::vector<double>(8, 2.0), std::vector<double>(8, 1.0), fixed));
  CHECK(decide_sequentially(clear, fixed).ratios.size() == 16);
}

TEST_CASE("identical arms: the sequential rule calls 'faster' well under 1% of the time") {
  // 4000 simulated A/A trials with jitter around the min gain: the per-look alpha/K is what
  // keeps this low; with the full 95% level at every look it would roughly triple.
  PairPlan p;
  int faster = 0, stopped_early = 0;
  const int trials = 4000;
  for (int t = 0; t < trials; ++t) {
    PairedDecision d = decide_sequentially(series(16, 1.0, 0.01, 1000 + uint64_t(t)), p);
    faster += d.verdict == Verdict::Faster;
    stopped_early += d.ratios.size() < 16;
  }
  CHECK(double(faster) / trials < 0.01);
  CHECK(stopped_early > trials / 2);  // and it saves pairs: most A/A trials end as "same" early
}

TEST_CASE("the recorded backend draws pairs under the same stopping rule") {
  engine::RecordedBackend b(test::toy_recording());
  VariantRef inc{"toy", "naive", {}}, cand{"toy", "coalesced", {}};
  PairSamples seq = b.time_pairs(inc, cand, PairPlan(), 7);  // a 2x gain: decided at 8
  CHECK(seq.incumbent_us.size() == 8);
  PairSamples fixed = b.time_pairs(inc, cand, PairPlan(16), 7);
  CHECK(fixed.incumbent_us.size() == 16);
}

namespace {
// The toy recording behind a backend that says it is live: the loop then records phase times.
class LiveLookingBackend : public engine::RecordedBackend {
 public:
  using RecordedBackend::RecordedBackend;
  BackendInfo info() const override {
    BackendInfo i = RecordedBackend::info();
    i.kind = "live";
    return i;
  }
  GateResult gate(const VariantRef& v) override {
    GateResult g = RecordedBackend::gate(v);
    g.phases_ms["checks"] = 1.5;  // what a worker reports
    return g;
  }
};

std::vector<RoundRecord> run_toy(engine::Backend& backend, const test::ToyWorld& w) {
  auto spec = generators::load_problem(w.problems + "/toy");
  auto chip = *rules::load_chip_table(test::chips_yaml()).find("h200");
  auto table = rules::load_rule_table(w.rules);
  LoopConfig cfg{12, 16, 42, false, OffPolicy::BestStatic};
  RoundLoop loop(backend, spec, chip, table, cfg);
  TrackState state = initial_state(spec, chip, "off");
  static int n = 0;
  auto ledger =
      LedgerWriter::create(w.root + "/phases-" + std::to_string(++n) + ".jsonl", {{"test", 1}});
  std::vector<RoundRecord> out;
  run_track(loop, state, nullptr, table, ledger, cfg,
            [&](const RoundRecord& r) { out.push_back(r); });
  return out;
}
}  // namespace

TEST_CASE("live rounds record their phases' wall times; recorded rounds stay byte-identical") {
  test::ToyWorld w("phases");
  LiveLookingBackend live(test::toy_recording());
  auto records = run_toy(live, w);
  REQUIRE_FALSE(records.empty());
  const RoundRecord& first = records.front();
  REQUIRE(first.gate);
  for (const char* k :
       {"incumbent", "gate", "pairs", "round", "gate/checks", "incumbent/gate/checks"})
    CHECK_MESSAGE(first.phases_ms.count(k), k);
  CHECK(first.phases_ms.at("gate/checks") == 1.5);
  CHECK(first.phases_ms.at("round") >= first.phases_ms.at("gate"));
  // Round-trips through the ledger.
  RoundRecord back = round_record_from_json(to_json(first));
  CHECK(back.phases_ms == first.phases_ms);
  // The seed's measurement is counted in the round that made it, not again later.
  if (records.size() > 1) CHECK_FALSE(records[1].phases_ms.count("incumbent/gate/checks"));

  engine::RecordedBackend recorded(test::toy_recording());
  for (const auto& r : run_toy(recorded, w)) {
    CHECK(r.phases_ms.empty());
    CHECK(to_json(r).dump().find("phases_ms") == std::string::npos);
  }
}
