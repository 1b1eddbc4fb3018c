// P10t in the round loop (round_loop.cpp step 7c, engine/loop/total_time.h): before a keep the
// candidate's timed runs are topped up to tail_runs_needed() by one `time` request, and the keep
// needs the total over all of them cheaper. On the synthetic toy pool (synthetic_pool.h): round 1
// of the OFF track keeps `coalesced` (50 us against 100).
#include <doctest/doctest.h>

#include "engine/backend/recorded_backend.h"
#include "engine/backend/tail_charge.h"
#include "engine/loop/ledger.h"
#include "engine/loop/round_loop.h"
#include "generators/problem_spec.h"
#include "rules/rule_table.h"
#include "synthetic_pool.h"

using namespace solver;
using namespace solver::engine;

namespace {

// The toy recording, logging every `time` request; `slow_runs` of a top-up's runs (every fifth)
// made 48 x slower (red team 34's slow run).
class TopUpBackend : public RecordedBackend {
 public:
  using RecordedBackend::RecordedBackend;
  TimeSamples time_samples(const VariantRef& v, int samples, uint64_t seed) override {
    asked.emplace_back(v.key(), samples);
    TimeSamples t = RecordedBackend::time_samples(v, samples, seed);
    for (int i = 0; i < slow_runs && i * 5 < int(t.kernel_us.size()); ++i) t.kernel_us[i * 5] *= 48;
    return t;
  }
  int slow_runs = 0;
  std::vector<std::pair<std::string, int>> asked;
};

std::vector<RoundRecord> run_toy(Backend& backend) {
  test::ToyWorld w("total-time");
  auto spec = generators::load_problem(w.problems + "/toy");
  auto chip = *rules::load_chip_table(test::chips_yaml()).find("h200");
  auto table = rules::load_rule_table(w.rules);
  LoopConfig cfg{1, 16, 42, false, OffPolicy::BestStatic};
  RoundLoop loop(backend, spec, chip, table, cfg);
  TrackState state = initial_state(spec, chip, "off");
  auto ledger = LedgerWriter::create(w.root + "/ledger.jsonl", {{"test", 1}});
  std::vector<RoundRecord> out;
  run_track(loop, state, nullptr, table, ledger, cfg,
            [&](const RoundRecord& r) { out.push_back(r); });
  return out;
}

}  // namespace

TEST_CASE("a keep tops the candidate's runs up to the bound's N; one slow run is forgiven") {
  for (int slow : {0, 1}) {
    CAPTURE(slow);
    TopUpBackend backend(test::toy_recording());
    backend.slow_runs = slow;
    auto records = run_toy(backend);
    REQUIRE(records.size() == 1);
    CHECK(records[0].candidate == "coalesced");
    CHECK(records[0].outcome == Outcome::Kept);
    REQUIRE(backend.asked.size() == 1);
    CHECK(backend.asked[0].first == "coalesced");
    CHECK(backend.asked[0].second >= 3);
    CHECK(backend.asked[0].second < tail_runs_needed());
  }
}

TEST_CASE("slow runs seen twice in the round: not cheaper in total, rejected") {
  TopUpBackend backend(test::toy_recording());
  backend.slow_runs = 3;
  auto records = run_toy(backend);
  REQUIRE(records.size() == 1);
  CHECK(records[0].outcome == Outcome::Rejected);
  REQUIRE(records[0].verdict);
  CHECK(records[0].verdict->verdict == Verdict::Ambiguous);
  CHECK(records[0].detail.find("not in total") != std::string::npos);
}
