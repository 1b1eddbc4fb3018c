// The ledger: header, hash chain, torn last line, tampering.
#include <doctest/doctest.h>

#include <cmath>

#include "engine/backend/narrowed_checks.h"
#include "engine/loop/ledger.h"
#include "engine/loop/round_loop.h"
#include "rules/diagnostics.h"
#include "synthetic_pool.h"

using namespace solver;

namespace {
engine::RoundRecord record(int round, engine::Outcome o) {
  engine::RoundRecord r;
  r.problem = "toy";
  r.track = "on";
  r.round = round;
  r.incumbent = "naive";
  r.incumbent_time_us = 100.25;
  r.signals.set("load_eff", 0.3);
  r.signals.set("dtype", std::string("f32"));
  r.match.fired = "uncoalesced";
  r.match.hypothesis = "coalesce_global_access";
  r.match.evidence["load_eff"] = 0.3;
  r.hypothesis = "coalesce_global_access";
  r.candidate = "coalesced";
  r.outcome = o;
  engine::PairedDecision d;
  d.verdict = engine::Verdict::Faster;
  d.ratios = {2.0, 1.99, 2.01};
  d.median_ratio = 2.0;
  r.verdict = d;
  r.evolution.push_back({"reward", "uncoalesced", "kept", 0.5, 0.65});
  r.confidence["uncoalesced"] = 0.65;
  r.rules_hash = "abc";
  return r;
}

std::string write_ledger(const std::string& path, int n) {
  auto w = engine::LedgerWriter::create(path, {{"seed", 1}, {"problems", {"toy"}}});
  for (int i = 1; i <= n; ++i) {
    auto r = record(i, engine::Outcome::Kept);
    w.append(r);
  }
  return test::read_text(path);
}

int error_line(const std::string& path) {
  try {
    engine::load_ledger(path);
  } catch (const rules::InputError& e) {
    return e.diagnostics().at(0).where.line;
  }
  return -1;
}
}  // namespace

TEST_CASE("ledger: records written are read back identically, header checked") {
  std::string dir = test::make_temp_dir("ledger");
  std::string path = dir + "/ledger.jsonl";
  write_ledger(path, 3);
  auto l = engine::load_ledger(path);
  CHECK(l.header["format"] == "solver-ledger");
  CHECK(l.header["version"] == 1);
  REQUIRE(l.records.size() == 3);
  CHECK(engine::to_json(l.records[2]) == engine::to_json(record(3, engine::Outcome::Kept)));
  CHECK(l.notes.empty());
  // Appending to an existing file is refused: resuming is explicit.
  CHECK_THROWS(engine::LedgerWriter::create(path, {}));
  test::write_text(path, "{\"format\":\"something-else\"}\n");
  CHECK(error_line(path) == 1);
}

TEST_CASE("ledger: a torn last line is dropped with a note; resume appends after it") {
  std::string dir = test::make_temp_dir("ledger");
  std::string path = dir + "/ledger.jsonl";
  std::string full = write_ledger(path, 3);
  std::size_t third = full.rfind('\n', full.size() - 2);
  test::write_text(path, full.substr(0, third + 1 + 40));  // 40 bytes of record 3
  auto l = engine::load_ledger(path);
  CHECK(l.records.size() == 2);
  REQUIRE(l.notes.size() == 1);
  CHECK(l.notes[0].find("torn last line") != std::string::npos);
  {
    auto w = engine::LedgerWriter::resume(path, l);
    auto r = record(3, engine::Outcome::Kept);
    w.append(r);
  }
  CHECK(test::read_text(path) == full);  // the same bytes as never interrupted
}

TEST_CASE("ledger: an edited record is detected with its line number (exit-2 input error)") {
  std::string dir = test::make_temp_dir("ledger");
  std::string path = dir + "/ledger.jsonl";
  std::string full = write_ledger(path, 4);
  std::string edited = full;
  auto pos = edited.find("100.25", edited.find('\n', edited.find('\n') + 1));  // record 2 (line 3)
  edited.replace(pos, 6, "101.25");  // still valid JSON: only the hash can tell
  test::write_text(path, edited);
  CHECK(error_line(path) == 3);
  // Removing a record breaks the chain at the next one.
  std::size_t l2 = full.find('\n') + 1, l3 = full.find('\n', l2) + 1;
  test::write_text(path, full.substr(0, l2) + full.substr(l3));
  CHECK(error_line(path) == 2);
  // A malformed line that is not the last is not a torn write: it is an error.
  test::write_text(path, full.substr(0, l2) + "{not json\n" + full.substr(l2));
  CHECK(error_line(path) == 2);
}

TEST_CASE(
    "ledger: a record with a NaN verdict bound reads back; a repeated key or a missing field is "
    "named") {
  std::string dir = test::make_temp_dir("ledger-strict");
  std::string path = dir + "/ledger.jsonl";
  {
    auto w = engine::LedgerWriter::create(path, {{"seed", 1}, {"problems", {"toy"}}});
    auto r = record(1, engine::Outcome::Rejected);
    r.verdict->ci_low = std::nan("");  // written as null, read back as "not measured"
    w.append(r);
    auto r2 = record(2, engine::Outcome::Kept);
    w.append(r2);
  }
  auto l = engine::load_ledger(path);
  REQUIRE(l.records.size() == 2);
  REQUIRE(l.records[0].verdict);
  CHECK(std::isnan(l.records[0].verdict->ci_low));
  CHECK(l.records[0].verdict->median_ratio == 2.0);

  // A key given twice in record 1 (line 2), whatever the hash says, is refused with its line.
  std::string text = test::read_text(path);
  std::size_t second = text.find('\n') + 1;
  std::string dup = text;
  dup.insert(second + 1, "\"detail\":\"x\",");
  test::write_text(path, dup);
  CHECK(error_line(path) == 2);
  try {
    engine::load_ledger(path);
  } catch (const rules::InputError& e) {
    CHECK(e.format().find("duplicate key 'detail'") != std::string::npos);
  }

  // A record without a required field (its hash recomputed, so only the field is wrong).
  nlohmann::json rec = nlohmann::json::parse(text.substr(second, text.find('\n', second) - second));
  rec.erase("hash");
  rec.erase("rules_hash");
  nlohmann::json header = nlohmann::json::parse(text.substr(0, second - 1));
  rec["hash"] = engine::chain_hash(header["hash"].get<std::string>(), rec);
  test::write_text(path, text.substr(0, second) + rec.dump() + "\n");
  try {
    engine::load_ledger(path);
    FAIL("a record without rules_hash was accepted");
  } catch (const rules::InputError& e) {
    CHECK(e.format().find("ledger.jsonl:2") != std::string::npos);
    CHECK(e.format().find("at /rules_hash: missing") != std::string::npos);
  }
}

TEST_CASE("ledger: a live round's pair buffers read back; an unknown value is named") {
  std::string dir = test::make_temp_dir("ledger-buffers");
  std::string path = dir + "/ledger.jsonl";
  {
    auto w = engine::LedgerWriter::create(path, {{"seed", 1}, {"problems", {"toy"}}});
    auto r = record(1, engine::Outcome::Kept);
    r.pair_buffers_shared = true;
    w.append(r);
    auto r2 = record(2, engine::Outcome::Rejected);
    r2.pair_buffers_shared = false;
    w.append(r2);
    auto r3 = record(3, engine::Outcome::Kept);  // recorded rounds carry none
    w.append(r3);
    auto r4 = record(4, engine::Outcome::Rejected);  // red team 34: allocations exchanged
    r4.pair_buffers_shared = false;
    r4.pair_allocations_exchanged = true;
    r4.pair_fold_rescued = 3;  // red team 37: three audits passed only under P6p's allowance
    r4.narrowed_checks.push_back(engine::fold_rescued_note(3));
    w.append(r4);
  }
  auto l = engine::load_ledger(path);
  REQUIRE(l.records.size() == 4);
  CHECK(l.records[0].pair_buffers_shared == std::optional<bool>(true));
  CHECK(l.records[1].pair_buffers_shared == std::optional<bool>(false));
  CHECK(l.records[1].pair_allocations_exchanged == std::optional<bool>(false));
  CHECK_FALSE(l.records[2].pair_buffers_shared);
  CHECK_FALSE(engine::to_json(l.records[2]).contains("pair_buffers"));
  CHECK(l.records[3].pair_buffers_shared == std::optional<bool>(false));
  CHECK(l.records[3].pair_allocations_exchanged == std::optional<bool>(true));
  CHECK(engine::to_json(l.records[3])["pair_buffers"] == "exchanged");
  // P5 (red team 37): the count and its line reach the ledger and come back; absent where none.
  CHECK(l.records[3].pair_fold_rescued == 3);
  CHECK(engine::to_json(l.records[3])["pair_fold_rescued"] == 3);
  REQUIRE(l.records[3].narrowed_checks.size() == 1);
  CHECK(l.records[3].narrowed_checks[0].find("3 verified run(s)") == 0);
  CHECK(l.records[3].narrowed_checks[0].find("P6p") != std::string::npos);
  CHECK(l.records[1].pair_fold_rescued == 0);
  CHECK_FALSE(engine::to_json(l.records[1]).contains("pair_fold_rescued"));
  CHECK(engine::fold_rescued_note(0).empty());

  std::string text = test::read_text(path);
  std::size_t second = text.find('\n') + 1;
  nlohmann::json rec = nlohmann::json::parse(text.substr(second, text.find('\n', second) - second));
  nlohmann::json header = nlohmann::json::parse(text.substr(0, second - 1));
  rec.erase("hash");
  rec["pair_buffers"] = "mixed";
  rec["hash"] = engine::chain_hash(header["hash"].get<std::string>(), rec);
  test::write_text(path, text.substr(0, second) + rec.dump() + "\n");
  try {
    engine::load_ledger(path);
    FAIL("an unknown pair_buffers value was accepted");
  } catch (const rules::InputError& e) {
    CHECK(e.format().find("pair_buffers") != std::string::npos);
    CHECK(e.diagnostics().at(0).where.line == 2);
  }
  // review38: the rescue count is range-checked before any conversion (a double past int's range
  // cast to int is undefined behaviour); each bad value is named at its line.
  for (const nlohmann::json& bad : {nlohmann::json(-1), nlohmann::json(2.5), nlohmann::json(1e300),
                                    nlohmann::json(4294967296LL), nlohmann::json("3")}) {
    CAPTURE(bad.dump());
    rec.erase("hash");
    rec["pair_buffers"] = "exchanged";
    rec["pair_fold_rescued"] = bad;
    rec["hash"] = engine::chain_hash(header["hash"].get<std::string>(), rec);
    test::write_text(path, text.substr(0, second) + rec.dump() + "\n");
    try {
      engine::load_ledger(path);
      FAIL("a bad pair_fold_rescued was accepted");
    } catch (const rules::InputError& e) {
      CHECK(e.format().find("pair_fold_rescued") != std::string::npos);
      CHECK(e.diagnostics().at(0).where.line == 2);
    }
  }
}

TEST_CASE(
    "ledger: a round's screened points read back and fold into the state; a bad one is named") {
  std::string dir = test::make_temp_dir("ledger-screened");
  std::string path = dir + "/ledger.jsonl";
  {
    auto w = engine::LedgerWriter::create(path, {{"seed", 1}, {"problems", {"toy"}}});
    auto r = record(1, engine::Outcome::Rejected);
    r.screened.push_back({"tiled[A=1]", "screening batch", engine::GateStatus::Passed, 90.5});
    r.screened.push_back({"tiled[A=2]", "screening batch", engine::GateStatus::WrongResult, 0});
    w.append(r);
    auto r2 = record(2, engine::Outcome::Kept);  // no batch: no key
    w.append(r2);
  }
  auto l = engine::load_ledger(path);
  REQUIRE(l.records.size() == 2);
  REQUIRE(l.records[0].screened.size() == 2);
  CHECK(l.records[0].screened[0].key == "tiled[A=1]");
  CHECK(l.records[0].screened[0].median_us == 90.5);
  CHECK(l.records[0].screened[1].status == engine::GateStatus::WrongResult);
  CHECK_FALSE(engine::to_json(l.records[1]).contains("screened"));
  // The state: every screened key is tried; a passed one's median joins the knob data.
  engine::TrackState st;
  st.apply(l.records[0]);
  CHECK(st.tried.count("tiled[A=1]"));
  CHECK(st.tried.count("tiled[A=2]"));
  CHECK(st.measured_us.at("tiled[A=1]") == 90.5);
  CHECK_FALSE(st.measured_us.count("tiled[A=2]"));

  std::string text = test::read_text(path);
  std::size_t second = text.find('\n') + 1;
  nlohmann::json rec = nlohmann::json::parse(text.substr(second, text.find('\n', second) - second));
  nlohmann::json header = nlohmann::json::parse(text.substr(0, second - 1));
  rec.erase("hash");
  rec["screened"][0]["gate"] = "maybe";
  rec["hash"] = engine::chain_hash(header["hash"].get<std::string>(), rec);
  test::write_text(path, text.substr(0, second) + rec.dump() + "\n");
  try {
    engine::load_ledger(path);
    FAIL("an unknown screened gate status was accepted");
  } catch (const rules::InputError& e) {
    CHECK(e.diagnostics().at(0).where.line == 2);
    CHECK(e.format().find("/screened/0/gate") != std::string::npos);
  }
}
