// PC sampling offline (issue 31): the per-line samples travel in the profile's JSON (wire,
// recording, ledger), old profiles without them still load, the recorded backend serves them,
// and a verdict cites its evidence line. Fixture: tests/data/recordings/
// pc_sampling_synthetic.json, SYNTHETIC (the H200 profile of neighbor_aggregation/naive with
// hand-written PC samples) until a live capture replaces it.
#include <doctest/doctest.h>

#include <sstream>

#include "engine/backend/pc_sampling_json.h"
#include "engine/backend/recorded_backend.h"
#include "engine/backend/recording.h"
#include "engine/backend/value_json.h"
#include "engine/backend/worker_protocol.h"
#include "engine/cli/verdict.h"
#include "engine/loop/ledger.h"
#include "profiling/pc_signals.h"
#include "rules/chips.h"
#include "rules/diagnostics.h"
#include "rules/matcher.h"
#include "rules/rule_table.h"

using namespace solver;

namespace {

const std::string kFixture =
    std::string(SOLVER_SOURCE_DIR) + "/tests/data/recordings/pc_sampling_synthetic.json";
const engine::VariantRef kNaive{"neighbor_aggregation", "naive", {}};

engine::ProfileResult fixture_profile() {
  engine::RecordedBackend b(engine::load_recording(kFixture));
  engine::ProfileResult p = b.profile(kNaive);
  REQUIRE_MESSAGE(p.ok, p.detail);
  return p;
}

}  // namespace

TEST_CASE("the recorded backend serves a profile's per-line samples") {
  engine::ProfileResult p = fixture_profile();
  REQUIRE(p.pc_sampling);
  const profiling::PcSampling& s = *p.pc_sampling;
  CHECK(s.ok);
  CHECK(s.kernel == "aggregate_naive");
  REQUIRE(s.lines.size() == 5);
  CHECK(s.lines[0].line == 11);
  CHECK(s.lines[0].text.find("acc += x[(size_t)col[e] * F + f]") != std::string::npos);
  CHECK(s.lines[0].top_stall() == "long_scoreboard");
  REQUIRE(s.causes.size() == 1);
  CHECK(s.causes[0].producer_where == "naive.cu:11");
  // The recorded signals are what the derivation makes of the recorded samples.
  rules::SignalSet again;
  profiling::add_pc_signals(s, again);
  REQUIRE(again.values.size() >= 5);
  for (const auto& [name, value] : again.values) {
    INFO(name);
    REQUIRE(std::holds_alternative<double>(p.signals.get(name)));
    CHECK(std::get<double>(p.signals.get(name)) == doctest::Approx(std::get<double>(value)));
    CHECK(p.signal_origin.at(name) == "pc-sampling");
  }
}

TEST_CASE("per-line samples survive the profile's JSON, a recording and its absence") {
  engine::ProfileResult p = fixture_profile();
  nlohmann::json j = engine::to_json(p);
  engine::ProfileResult back = engine::profile_result_from_json(j);
  CHECK(engine::to_json(back) == j);
  CHECK(engine::to_json(*back.pc_sampling) == j["pc_sampling"]);
  // A profile written before issue 31 has no key, and gets none back.
  j.erase("pc_sampling");
  engine::ProfileResult old = engine::profile_result_from_json(j);
  CHECK_FALSE(old.pc_sampling);
  CHECK_FALSE(engine::to_json(old).contains("pc_sampling"));
  // A failed pass is kept with its reason, and no lines.
  profiling::PcSampling failed;
  failed.detail = "cuptiPCSamplingEnable: CUPTI_ERROR_INSUFFICIENT_PRIVILEGES";
  old.pc_sampling = failed;
  auto f = engine::profile_result_from_json(engine::to_json(old));
  REQUIRE(f.pc_sampling);
  CHECK_FALSE(f.pc_sampling->ok);
  CHECK(f.pc_sampling->detail == failed.detail);
  // A line charged to its call site keeps the header's place (`via`) through the JSON; a line
  // without one writes no key, so older recordings stay byte for byte.
  {
    engine::ProfileResult v = fixture_profile();
    REQUIRE(v.pc_sampling->lines.size() >= 2);
    v.pc_sampling->lines[0].via = "mma.h:101";
    nlohmann::json vj = engine::to_json(v);
    CHECK(vj["pc_sampling"]["lines"][0]["via"] == "mma.h:101");
    CHECK_FALSE(vj["pc_sampling"]["lines"][1].contains("via"));
    CHECK(engine::profile_result_from_json(vj).pc_sampling->lines[0].via == "mma.h:101");
    CHECK_FALSE(j.dump().find("\"via\"") != std::string::npos);
  }
  // The recording keeps them byte for byte.
  engine::Recording r = engine::load_recording(kFixture);
  std::string text = engine::dump_recording(r);
  CHECK(engine::dump_recording(engine::parse_recording(text, "again.json")) == text);
}

TEST_CASE("bad per-line samples are refused at their JSON pointer") {
  nlohmann::json j = engine::to_json(fixture_profile());
  j["pc_sampling"]["lines"][1]["samples"] = "many";
  try {
    engine::profile_result_from_json(j, "rec.json: /problems/x/profile");
    FAIL("a string sample count was accepted");
  } catch (const rules::InputError& e) {
    CHECK(e.format().find("/lines/1/samples") != std::string::npos);
  }
  j = engine::to_json(fixture_profile());
  j["pc_sampling"]["stall_totals"]["long_scoreboard"] = -1;
  CHECK_THROWS_AS(engine::profile_result_from_json(j), rules::InputError);
}

TEST_CASE("the worker request carries the switch; absent means on") {
  engine::WorkerRequest r;
  r.id = 7;
  r.op = "profile";
  r.variant = kNaive;
  auto on = engine::decode_request(engine::encode_request(r));
  REQUIRE(on.ok());
  CHECK(on.value().pc_sampling);
  CHECK(engine::encode_request(r).find("pc_sampling") == std::string::npos);
  r.pc_sampling = false;
  auto off = engine::decode_request(engine::encode_request(r));
  REQUIRE(off.ok());
  CHECK_FALSE(off.value().pc_sampling);
}

TEST_CASE("a verdict cites its evidence line; the ledger and a generator get the hottest lines") {
  engine::ProfileResult p = fixture_profile();
  rules::ChipTable chips =
      rules::load_chip_table(std::string(SOLVER_SOURCE_DIR) + "/rules/chips.yaml");
  rules::RuleTable table =
      rules::load_rule_table(std::string(SOLVER_SOURCE_DIR) + "/rules/rules.yaml");
  rules::Matcher matcher(table);
  rules::MatchResult m = matcher.match(p.signals, *chips.find("h200"));
  cli::VerdictInput v{"neighbor_aggregation/naive",
                      "recorded",
                      chips.find("h200"),
                      &m,
                      &p.signals,
                      p.signal_origin,
                      {},
                      {}};
  v.pc = &*p.pc_sampling;
  std::ostringstream text;
  cli::print_verdict(text, v);
  const std::string cite =
      "99% of long_scoreboard samples at naive.cu:11: `for (int e = rowptr[v]; e < rowptr[v + "
      "1]; ++e) acc += x[(size_t)col[e] * F + f];`";
  CHECK(text.str().find("  cites:      " + cite) != std::string::npos);
  CHECK(text.str().find("long_scoreboard 90%") != std::string::npos);  // the line's stall mix
  CHECK(text.str().find("<- `LDG.E R4, desc[UR4][R4.64]` (naive.cu:11)") != std::string::npos);
  nlohmann::json j = cli::verdict_json(v);
  CHECK(j["citation"] == cite);
  CHECK(j["pc_sampling"]["lines"].size() == 5);
  // Without samples the verdict is as it was.
  v.pc = nullptr;
  std::ostringstream plain;
  cli::print_verdict(plain, v);
  CHECK(plain.str().find("cites:") == std::string::npos);
  CHECK_FALSE(cli::verdict_json(v).contains("citation"));

  // The ledger record of a profiled incumbent: additive, and read back as written.
  nlohmann::json lines = engine::lines_summary_json(*p.pc_sampling, {"stall_long_scoreboard"}, 3);
  CHECK(lines["citation"] == cite);
  CHECK(lines["lines"].size() == 3);
  engine::RoundRecord rec;
  rec.problem = "neighbor_aggregation";
  rec.track = "on";
  rec.round = 1;
  rec.incumbent = "naive";
  rec.incumbent_time_us = 3203.3;
  nlohmann::json without = engine::to_json(rec);
  CHECK_FALSE(without.contains("incumbent_lines"));
  rec.incumbent_lines = lines;
  nlohmann::json with = engine::to_json(rec);
  CHECK(with["incumbent_lines"] == lines);
  CHECK(engine::round_record_from_json(with).incumbent_lines == lines);
  profiling::PcSampling none;
  CHECK(engine::lines_summary_json(none, {}).is_null());
}
