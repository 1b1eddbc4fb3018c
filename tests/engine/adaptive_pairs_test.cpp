// P10 (docs/reliability.md): the adaptive pair rule (engine/backend/adaptive_pairs.h) on
// simulated pairs with fixed seeds, drawn pair by pair under stop_after and decided by decide()
// as the recorded backend and the round loop do. Noise: normal on ln(incumbent / candidate) at
// layernorm's spreads, and the bundled recording's layernorm seed samples resampled.
#include <doctest/doctest.h>

#include <cmath>
#include <fstream>
#include <functional>
#include <random>

#include <nlohmann/json.hpp>

#include "engine/backend/adaptive_pairs.h"
#include "engine/backend/paired_verdict.h"
#include "engine/backend/worker_protocol.h"

using namespace solver::engine;

namespace {

// One pair: (incumbent us, candidate us).
using Draw = std::function<std::pair<double, double>()>;

struct Rates {
  double faster = 0, slower = 0, same = 0, ambiguous = 0, pairs = 0;
};

Rates run_trials(const Draw& draw, const PairPlan& plan, int trials) {
  Rates r;
  for (int t = 0; t < trials; ++t) {
    PairSamples s;
    do {
      auto [a, b] = draw();
      s.incumbent_us.push_back(a);
      s.candidate_us.push_back(b);
    } while (!stop_after(s.incumbent_us, s.candidate_us, plan));
    PairedDecision d = decide(s, plan);
    r.pairs += double(s.incumbent_us.size()) / trials;
    switch (d.verdict) {
      case Verdict::Faster:
        r.faster += 1.0 / trials;
        break;
      case Verdict::Slower:
        r.slower += 1.0 / trials;
        break;
      case Verdict::Same:
        r.same += 1.0 / trials;
        break;
      case Verdict::Ambiguous:
        r.ambiguous += 1.0 / trials;
        break;
    }
  }
  return r;
}

// ln-normal pair noise of sd `sigma`, the candidate `slowdown` times slower.
Draw lognormal(double sigma, double slowdown, std::mt19937_64& rng) {
  return [&rng, sigma, slowdown] {
    std::normal_distribution<double> z(0, sigma);
    return std::pair<double, double>{100.0, 100.0 * slowdown * std::exp(z(rng))};
  };
}

std::vector<double> recorded_samples(const std::string& problem, const std::string& key) {
  std::ifstream in(std::string(SOLVER_SOURCE_DIR) + "/tests/data/recordings/h200.json");
  nlohmann::json j = nlohmann::json::parse(in);
  return j["problems"][problem]["variants"][key]["samples_us"].get<std::vector<double>>();
}

}  // namespace

TEST_CASE("the adaptive plan: ladder 16..128, three looks at most, each at 0.02/3") {
  PairPlan p = PairPlan::adaptive_plan();
  CHECK(p.looks() == std::vector<int>{16, 32, 64, 128});
  CHECK(p.look_alpha() == doctest::Approx(0.02 / 3));
  // The union bound the rule rests on: three looks, one-sided alpha/2 each, 1% in all.
  CHECK(kAdaptiveLooks * p.look_alpha() / 2 == doctest::Approx(0.01));
  // The pilot sets nothing before it is complete.
  CHECK_FALSE(adaptive_cap(std::vector<double>(7, 1.0), std::vector<double>(7, 1.0), p));
  CHECK_FALSE(stop_after(std::vector<double>(7, 2.0), std::vector<double>(7, 1.0), p));
}

TEST_CASE("the cap follows the pilot's spread, never where its ratios lie") {
  PairPlan p = PairPlan::adaptive_plan();
  std::mt19937_64 rng(10);
  std::normal_distribution<double> z(0, 1);
  std::vector<double> noise;
  for (int i = 0; i < 8; ++i) noise.push_back(z(rng));
  auto pilot = [&](double sigma, double ratio) {
    std::vector<double> inc, cand;
    for (double e : noise) {
      inc.push_back(100 * ratio * std::exp(sigma * e));
      cand.push_back(100);
    }
    return adaptive_cap(inc, cand, p);
  };
  // Quiet: the first rung, as many pairs as the fixed rule; one look.
  auto quiet = pilot(0.002, 1.0);
  REQUIRE(quiet);
  CHECK(quiet->cap == 16);
  CHECK(quiet->looks == std::vector<int>{16});
  // Noisier pilots ask for more, up to the top of the ladder; at most three looks.
  int last = 0;
  for (double sigma : {0.002, 0.01, 0.02, 0.04, 0.2}) {
    auto c = pilot(sigma, 1.0);
    REQUIRE(c);
    CHECK(c->cap >= last);
    last = c->cap;
    CHECK(c->looks.back() == c->cap);
    CHECK(c->looks.size() <= size_t(kAdaptiveLooks));
    // A 2x faster or 2x slower candidate with the same noise gets the same cap.
    CHECK(pilot(sigma, 2.0)->cap == c->cap);
    CHECK(pilot(sigma, 0.5)->cap == c->cap);
  }
  CHECK(last == kAdaptiveMaxPairs);
  CHECK(pilot(0.2, 1.0)->looks == std::vector<int>{32, 64, 128});
}

TEST_CASE("layernorm-like noise: +2% detected in >= 80% of trials, false faster <= 1%") {
  const int trials = 2000;
  PairPlan adaptive = PairPlan::adaptive_plan();
  // sigma 0.025: layernorm's noisiest measured session (docs/results/h200-2026-12-01f, fixed 16
  // pairs: its trial medians' sd 0.0073 = 1.2533 sigma / 4); 0.04 beyond it.
  for (double sigma : {0.025, 0.04}) {
    CAPTURE(sigma);
    std::mt19937_64 rng(uint64_t(sigma * 1e6));
    Rates aa = run_trials(lognormal(sigma, 1.0, rng), adaptive, trials);
    Rates slow = run_trials(lognormal(sigma, 1.02, rng), adaptive, trials);
    Rates fast = run_trials(lognormal(sigma, 1 / 1.02, rng), adaptive, trials);
    MESSAGE("sigma " << sigma << ": A/A faster " << aa.faster << " same " << aa.same << " pairs "
                     << aa.pairs << "; +2% slower " << slow.slower << " pairs " << slow.pairs
                     << "; -2% faster " << fast.faster);
    CHECK(aa.faster <= 0.01);
    CHECK(slow.slower >= 0.80);
    CHECK(slow.faster == doctest::Approx(0));
    CHECK(fast.faster >= 0.80);  // the same power for a real 2% gain
    CHECK(aa.pairs <= kAdaptiveMaxPairs);
  }
  // What the rule replaces: the fixed 16-pair rule at layernorm's spread detects +2% in about
  // half of the trials (the issue measured 14% live).
  std::mt19937_64 rng(17);
  Rates fixed = run_trials(lognormal(0.025, 1.02, rng), PairPlan(16), trials);
  CHECK(fixed.slower < 0.8);
}

TEST_CASE("quiet seeds keep the fixed rule's 16 pairs; the recording's layernorm seed resampled") {
  const int trials = 2000;
  PairPlan adaptive = PairPlan::adaptive_plan();
  std::mt19937_64 rng(5);
  Rates quiet = run_trials(lognormal(0.003, 1.02, rng), adaptive, trials);
  CHECK(quiet.slower == doctest::Approx(1.0));
  CHECK(quiet.pairs == doctest::Approx(16));
  // Unpaired draws from the recorded samples of layernorm's seed (20 of them, ~1.1% spread):
  // the two arms are independent, so the ratios are noisier than a live pair's.
  const std::vector<double> ln = recorded_samples("layernorm", "naive");
  REQUIRE(ln.size() >= 10);
  std::uniform_int_distribution<size_t> pick(0, ln.size() - 1);
  auto resampled = [&](double slowdown) -> Draw {
    return [&, slowdown] {
      return std::pair<double, double>{ln[pick(rng)], ln[pick(rng)] * slowdown};
    };
  };
  Rates aa = run_trials(resampled(1.0), adaptive, trials);
  Rates slow = run_trials(resampled(1.02), adaptive, trials);
  MESSAGE("recorded layernorm: A/A faster " << aa.faster << " pairs " << aa.pairs << "; +2% slower "
                                            << slow.slower << " pairs " << slow.pairs);
  CHECK(aa.faster <= 0.01);
  CHECK(slow.slower >= 0.80);
}

TEST_CASE("the adaptive plan reaches the worker, and a fixed one with its min gain") {
  WorkerRequest r;
  r.id = 1;
  r.op = "time_pairs";
  r.pairs = kAdaptiveMaxPairs;
  r.plan = PairPlan::adaptive_plan(kAdaptiveMaxPairs, 0.02);
  auto back = decode_request(encode_request(r));
  REQUIRE(back);
  CHECK(back.value().plan.adaptive);
  CHECK(back.value().plan.min_gain == doctest::Approx(0.02));
  CHECK(back.value().plan.looks() == std::vector<int>{16, 32, 64, 128});
  r.plan = PairPlan(16);
  auto fixed = decode_request(encode_request(r));
  REQUIRE(fixed);
  CHECK_FALSE(fixed.value().plan.adaptive);
  CHECK_FALSE(fixed.value().plan.sequential);
  // Red team 20: a fixed plan's min gain (the rules file's, here 0.5%) reaches the worker, which
  // decides by it whether to time the law pairs; it arrived as the 1% default before.
  r.pairs = 15;
  r.plan = PairPlan(15);
  r.plan.min_gain = 0.005;
  auto fixed_gain = decode_request(encode_request(r));
  REQUIRE(fixed_gain);
  CHECK(fixed_gain.value().plan.min_gain == doctest::Approx(0.005));
  CHECK_FALSE(fixed_gain.value().plan.sequential);
  CHECK(fixed_gain.value().plan.max_pairs == 15);
  // A sequential plan is read as before (no "sequential" key: sequential).
  r.plan = PairPlan();
  r.plan.max_pairs = 15;
  auto seq = decode_request(encode_request(r));
  REQUIRE(seq);
  CHECK(seq.value().plan.sequential);
  CHECK(encode_request(r).find("sequential") == std::string::npos);
}
