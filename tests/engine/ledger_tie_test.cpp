// A round's tie in the ledger and the report (issue 29): the runner-up of a verdict the next
// measurement could change is written with the round's match, chained, read back, validated,
// and shown beside the verdict; ledgers written before ties still load, resume and replay.
#include <doctest/doctest.h>

#include <functional>

#include "engine/backend/recorded_backend.h"
#include "engine/loop/ledger.h"
#include "engine/loop/match_record.h"
#include "engine/loop/round_loop.h"
#include "engine/report/report_html.h"
#include "engine/report/summary.h"
#include "engine/report/verdict_text.h"
#include "engine/run/replay.h"
#include "generators/problem_spec.h"
#include "rules/chips.h"
#include "rules/diagnostics.h"
#include "synthetic_pool.h"

using namespace solver;
using nlohmann::json;

namespace {
engine::RoundRecord record(int round) {
  engine::RoundRecord r;
  r.problem = "toy";
  r.track = "on";
  r.round = round;
  r.incumbent = "naive";
  r.incumbent_time_us = 100.25;
  r.signals.set("load_eff", 0.3);
  r.match.fired = "uncoalesced";
  r.match.hypothesis = "coalesce_global_access";
  r.match.evidence["load_eff"] = 0.3;
  r.hypothesis = "coalesce_global_access";
  r.credited_rule = "uncoalesced";
  r.candidate = "coalesced";
  r.outcome = engine::Outcome::Rejected;
  r.confidence["uncoalesced"] = 0.5;
  r.rules_hash = "abc";
  return r;
}

engine::RoundRecord tied(int round) {
  engine::RoundRecord r = record(round);
  r.match.tie = engine::MatchRecord::Tie{"poor_l2", "l2_reuse", 0.16};
  r.match.tie_unexplained = true;
  return r;
}

// The ledger's lines: header first, then one record a line.
std::vector<std::string> lines_of(const std::string& path) {
  std::vector<std::string> out;
  std::string text = test::read_text(path), line;
  for (char ch : text)
    if (ch == '\n') {
      out.push_back(line);
      line.clear();
    } else {
      line += ch;
    }
  return out;
}

// Rewrites record `i` (1-based line i + 1) with `edit` applied and, when `rechain`, every hash
// from there on recomputed, as a writer of that shape would have chained it.
void rewrite(const std::string& path, std::size_t i, const std::function<void(json&)>& edit,
             bool rechain = true) {
  auto lines = lines_of(path);
  std::string prev = json::parse(lines[i - 1])["hash"].get<std::string>();
  std::string text;
  for (std::size_t k = 0; k < lines.size(); ++k) {
    if (k < i) {
      text += lines[k] + "\n";
      continue;
    }
    json j = json::parse(lines[k]);
    std::string stored = j["hash"].get<std::string>();
    j.erase("hash");
    if (k == i) edit(j);
    j["hash"] = rechain ? engine::chain_hash(prev, j) : stored;
    prev = j["hash"].get<std::string>();
    text += j.dump() + "\n";
  }
  test::write_text(path, text);
}

// The load's error message and the line of its first diagnostic ("", -1: it loaded).
std::pair<std::string, int> load_error(const std::string& path) {
  try {
    engine::load_ledger(path);
  } catch (const rules::InputError& e) {
    return {e.format(), e.diagnostics().at(0).where.line};
  }
  return {"", -1};
}

std::string write(const std::string& tag, const std::vector<engine::RoundRecord>& records) {
  std::string path = test::make_temp_dir(tag) + "/ledger.jsonl";
  auto w = engine::LedgerWriter::create(path, {{"seed", 1}, {"problems", {"toy"}}});
  for (auto r : records) w.append(r);
  return path;
}
}  // namespace

TEST_CASE("ledger tie: written with the round's match, chained and read back identically") {
  std::string path = write("ledger-tie", {tied(1), record(2)});
  auto lines = lines_of(path);
  json m = json::parse(lines[1])["match"];
  CHECK(m["tie"] == json{{"rule", "poor_l2"}, {"bottleneck", "l2_reuse"}, {"margin", 0.16}});
  CHECK(m["tie_unexplained"] == true);
  // A round without a tie keeps the shape of the ledgers written before ties.
  json plain = json::parse(lines[2])["match"];
  CHECK_FALSE(plain.contains("tie"));
  CHECK_FALSE(plain.contains("tie_unexplained"));

  auto l = engine::load_ledger(path);
  REQUIRE(l.records.size() == 2);
  REQUIRE(l.records[0].match.tie);
  CHECK(l.records[0].match.tie->rule == "poor_l2");
  CHECK(l.records[0].match.tie->bottleneck == "l2_reuse");
  CHECK(l.records[0].match.tie->margin == 0.16);
  CHECK(l.records[0].match.tie_unexplained);
  CHECK(engine::to_json(l.records[0]) == engine::to_json(tied(1)));
  CHECK_FALSE(l.records[1].match.tie);
  CHECK_FALSE(l.records[1].match.tie_unexplained);

  // The tie is part of the record hashed: a margin edited in place breaks the chain.
  rewrite(
      path, 1, [](json& j) { j["match"]["tie"]["margin"] = 0.5; }, /*rechain=*/false);
  auto [err, line] = load_error(path);
  CHECK(err.find("record hash does not match") != std::string::npos);
  CHECK(line == 2);
}

TEST_CASE("ledger tie: a malformed tie is named at its pointer") {
  struct Bad {
    std::function<void(json&)> edit;
    const char* pointer;
  };
  const std::vector<Bad> bad = {
      {[](json& j) { j["match"]["tie"] = "poor_l2"; }, "/match/tie"},
      {[](json& j) { j["match"]["tie"].erase("rule"); }, "/match/tie/rule"},
      {[](json& j) { j["match"]["tie"].erase("margin"); }, "/match/tie/margin"},
      {[](json& j) { j["match"]["tie"]["margin"] = 1.5; }, "/match/tie/margin"},
      {[](json& j) { j["match"]["tie"]["rule"] = "uncoalesced"; }, "/match/tie/rule"},
      {[](json& j) { j["match"]["tie_unexplained"] = "yes"; }, "/match/tie_unexplained"},
      {[](json& j) { j["match"]["fired"] = ""; }, "/match/tie"},
  };
  for (const auto& b : bad) {
    CAPTURE(b.pointer);
    std::string path = write("ledger-tie-bad", {tied(1)});
    rewrite(path, 1, b.edit);
    auto [err, line] = load_error(path);
    CHECK(err.find(b.pointer) != std::string::npos);
    CHECK(line == 2);  // located at the record's line
  }
}

TEST_CASE("ledger tie: a ledger written before ties loads, resumes and replays") {
  test::ToyWorld w("ledger-tie-old");
  std::string path = write("ledger-tie-old", {record(1), record(2)});
  // The shape of a ledger before issue 29: no ranking, no tie in the match.
  for (std::size_t i : {1, 2})
    rewrite(path, i, [](json& j) {
      j["match"].erase("ranked");
      CHECK_FALSE(j["match"].contains("tie"));
    });
  auto l = engine::load_ledger(path);
  REQUIRE(l.records.size() == 2);
  for (const auto& r : l.records) {
    CHECK_FALSE(r.match.tie);
    CHECK_FALSE(r.match.tie_unexplained);
  }
  // Resume folds the records into the track's state.
  engine::TrackState st;
  for (const auto& r : l.records) st.apply(r);
  CHECK(st.tried.count("coalesced"));
  // Replay re-decides each recorded round under a table.
  rules::RuleTable table = rules::load_rule_table(w.rules);
  rules::ChipTable chips = rules::load_chip_table(test::chips_yaml());
  const rules::ChipProfile* h200 = chips.find("h200");
  REQUIRE(h200);
  auto decisions = engine::replay_decisions(l.records, &table, table, *h200);
  REQUIRE(decisions.size() == 2);
  CHECK(decisions[0].recorded_rule == "uncoalesced");
  CHECK(decisions[0].new_rule == "uncoalesced");
  CHECK_FALSE(decisions[0].changed());
}

TEST_CASE("ledger tie: the matcher's tie becomes the round's match record") {
  rules::Rule fired, runner;
  fired.id = "dependent_load_latency";
  fired.bottleneck = "latency";
  fired.hypothesis = "more_loads_in_flight";
  runner.id = "scalar_loads_bandwidth_bound";
  runner.bottleneck = "dram_bandwidth";
  rules::MatchResult m;
  m.fired = &fired;
  m.ranked = {{&fired, 1, 0.4, 0.4, 1, 0.2}, {&runner, 1, 0.34, 0.34, 1, 0.168}};
  m.tie = &runner;
  m.tie_margin = 0.16;
  auto rec = engine::match_record(m);
  CHECK(rec.fired == "dependent_load_latency");
  REQUIRE(rec.tie);
  CHECK(rec.tie->rule == "scalar_loads_bandwidth_bound");
  CHECK(rec.tie->bottleneck == "dram_bandwidth");
  CHECK(rec.tie->margin == 0.16);
  CHECK_FALSE(rec.tie_unexplained);
  CHECK(rec.ranked.size() == 2);
  m.tie = nullptr;
  m.tie_unexplained = true;
  rec = engine::match_record(m);
  CHECK_FALSE(rec.tie);
  CHECK(rec.tie_unexplained);
  CHECK_FALSE(engine::match_record(rules::MatchResult{}).tie);
}

TEST_CASE("report: the round's verdict names its tie, escaped") {
  engine::MatchRecord m = tied(1).match;
  CHECK(engine::verdict_text(m) ==
        "uncoalesced (tie: poor_l2 [l2_reuse], margin 0.16; tie: no rule explains this)");
  m.tie_unexplained = false;
  m.tie->margin = -0.05;
  CHECK(engine::verdict_text(m) == "uncoalesced (tie: poor_l2 [l2_reuse], margin -0.05)");
  CHECK(engine::verdict_text(record(1).match) == "uncoalesced");
  CHECK(engine::verdict_text(engine::MatchRecord{}).empty());

  std::vector<engine::RoundRecord> records = {tied(1), record(2)};
  records[0].match.tie->rule = "poor_l2<script>";
  engine::Summary s = engine::build_summary(records, 2, 0.02, {"toy"});
  std::string html = engine::render_report_html(s, records, json::object());
  CHECK(html.find("uncoalesced (tie: poor_l2&lt;script&gt; [l2_reuse], margin 0.16; tie: no rule "
                  "explains this)") != std::string::npos);
  CHECK(html.find("poor_l2<script>") == std::string::npos);
}

TEST_CASE("ledger tie: a loop round whose two classes score within the margin records the tie") {
  // The toy incumbent (load_eff 0.3, issue_frac 0.5) fires both rules: uncoalesced scores
  // 0.7 x 0.5, low_ilp 0.65 x 0.5, 7% below and within tie_margin 0.1.
  std::string rules_text = test::toy_rules();
  rules_text = rules_text.substr(0, rules_text.find("rules:")) + R"(rules:
  - id: uncoalesced
    when: load_eff < 0.5
    estimate: 1 - load_eff
    bottleneck: uncoalesced
    hypothesis: coalesce_global_access
    priority: 40
    rationale: wasted sectors
  - id: low_ilp
    when: issue_frac < 0.6
    estimate: issue_frac + 0.15
    bottleneck: low_ilp
    hypothesis: increase_ilp
    priority: 50
    rationale: latency bound
)";
  test::ToyWorld w("ledger-tie-loop", rules_text);
  auto spec = generators::load_problem(w.problems + "/toy");
  auto chip = *rules::load_chip_table(test::chips_yaml()).find("h200");
  auto table = rules::load_rule_table(w.rules);
  engine::RecordedBackend backend(test::toy_recording());
  engine::LoopConfig cfg{1, 9, 42, false, engine::OffPolicy::FirstRule};
  engine::RoundLoop loop(backend, spec, chip, table, cfg);
  auto state = engine::initial_state(spec, chip, "off");
  std::string path = w.root + "/ledger.jsonl";
  {
    auto ledger = engine::LedgerWriter::create(path, {{"test", true}});
    engine::run_track(loop, state, nullptr, table, ledger, cfg, nullptr);
  }
  auto l = engine::load_ledger(path);
  REQUIRE_FALSE(l.records.empty());
  const engine::MatchRecord& m = l.records[0].match;
  CHECK(m.fired == "uncoalesced");
  REQUIRE(m.tie);
  CHECK(m.tie->rule == "low_ilp");
  CHECK(m.tie->bottleneck == "low_ilp");
  CHECK(m.tie->margin == doctest::Approx(0.05 / 0.7));
  CHECK_FALSE(m.tie_unexplained);
}
