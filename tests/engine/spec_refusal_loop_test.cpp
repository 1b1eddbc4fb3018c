// The tolerance lint's refusal (engine/backend/gpu/sample_lint.h, issue 28) through the loop:
// the gate answers invalid_spec for the problem's spec, the seed's gate included. A refused
// seed ends its track without crashing the run and the summary says the spec was refused; a
// refused candidate is a gate-failed round with the lint's words, and the track goes on. The
// loop runs on the SYNTHETIC toy pool (synthetic_pool.h); the refusal is the worker's words.
#include <doctest/doctest.h>

#include "engine/backend/recorded_backend.h"
#include "engine/loop/evolver.h"
#include "engine/loop/ledger.h"
#include "engine/loop/round_loop.h"
#include "engine/report/summary.h"
#include "generators/problem_spec.h"
#include "rules/rule_table.h"
#include "synthetic_pool.h"

using namespace solver;
using namespace solver::engine;

namespace {

const char* kRefusal =
    "tolerance admits a 1-in-2 sample on every set the gate verifies on (largest share 0.12 of "
    "the tolerance, on the fresh set: set 0 0.09, the fresh set 0.12): ... tighten rtol and atol "
    "to under 0.12 times the declared";

// The toy recording, with the gate refusing the spec for every variant (`seed_too`) or for
// every variant but the seed.
class SpecRefusingBackend : public RecordedBackend {
 public:
  SpecRefusingBackend(Recording r, bool seed_too)
      : RecordedBackend(std::move(r)), seed_too_(seed_too) {}
  GateResult gate(const VariantRef& v) override {
    GateResult g = RecordedBackend::gate(v);
    if (v.variant == "naive" && !seed_too_) return g;
    g.status = GateStatus::InvalidSpec;
    g.detail = kRefusal;
    return g;
  }

 private:
  bool seed_too_;
};

std::vector<RoundRecord> run_toy(Backend& backend, const test::ToyWorld& w, int rounds) {
  auto spec = generators::load_problem(w.problems + "/toy");
  auto chip = *rules::load_chip_table(test::chips_yaml()).find("h200");
  auto table = rules::load_rule_table(w.rules);
  LoopConfig cfg{rounds, 16, 42, false, OffPolicy::BestStatic};
  RoundLoop loop(backend, spec, chip, table, cfg);
  TrackState state = initial_state(spec, chip, "off");
  static int n = 0;
  auto ledger =
      LedgerWriter::create(w.root + "/refusal-" + std::to_string(++n) + ".jsonl", {{"test", 1}});
  std::vector<RoundRecord> out;
  run_track(loop, state, nullptr, table, ledger, cfg,
            [&](const RoundRecord& r) { out.push_back(r); });
  return out;
}

}  // namespace

TEST_CASE("a seed whose gate refuses the spec ends its track, and the summary says so") {
  test::ToyWorld w("spec-refused-seed");
  SpecRefusingBackend backend(test::toy_recording(), /*seed_too=*/true);
  auto records = run_toy(backend, w, 6);
  REQUIRE(records.size() == 1);
  const RoundRecord& r = records.front();
  CHECK(r.outcome == Outcome::GateFailed);
  CHECK(r.ends_track);
  CHECK(r.detail.find("gate invalid_spec: tolerance admits a 1-in-2 sample") != std::string::npos);
  CHECK(r.detail.find("tighten rtol and atol") != std::string::npos);
  REQUIRE(r.gate);  // what the cheat suite reads as the round's outcome
  CHECK(r.gate->status == GateStatus::InvalidSpec);
  Summary s = build_summary(records, 6, 0.02, {"toy"});
  REQUIRE_FALSE(s.problems.empty());
  bool found = false;
  for (const auto& p : s.problems)
    for (const auto& t : {p.off, p.on})
      if (t.present) {
        CHECK(t.ended == "spec refused");
        found = true;
      }
  CHECK(found);
}

TEST_CASE("a candidate refused for the spec is a gate-failed round; the track goes on") {
  test::ToyWorld w("spec-refused-candidate");
  SpecRefusingBackend backend(test::toy_recording(), /*seed_too=*/false);
  auto records = run_toy(backend, w, 3);
  REQUIRE_FALSE(records.empty());
  const RoundRecord& r = records.front();
  CHECK(r.outcome == Outcome::GateFailed);
  CHECK_FALSE(r.ends_track);
  REQUIRE(r.gate);
  CHECK(r.gate->status == GateStatus::InvalidSpec);
  CHECK(r.detail.rfind("invalid_spec: tolerance admits a 1-in-2 sample", 0) == 0);
  CHECK(r.narrowed_checks.empty());  // a refusal, not a narrowed pass
  // The record round-trips through the ledger with its status and words.
  RoundRecord back = round_record_from_json(to_json(r));
  CHECK(back.outcome == Outcome::GateFailed);
  CHECK(back.detail == r.detail);
  REQUIRE(back.gate);
  CHECK(back.gate->status == GateStatus::InvalidSpec);
  for (const auto& later : records) CHECK(later.outcome != Outcome::Kept);
}
