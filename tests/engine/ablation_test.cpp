// The ablation driver on the SYNTHETIC toy pool: summary, report, resume from any cut of the
// ledger, replay of an edited rule table.
#include <doctest/doctest.h>

#include <sstream>

#include "engine/backend/recorded_backend.h"
#include "engine/loop/ledger.h"
#include "engine/run/ablation.h"
#include "engine/run/replay.h"
#include "rules/chips.h"
#include "rules/rule_table.h"
#include "synthetic_pool.h"

using namespace solver;

namespace {
engine::AblationOptions options(const test::ToyWorld& w, const std::string& out) {
  return test::toy_ablation_options(w, out, 7);
}

engine::AblationResult ablate(const test::ToyWorld& w, engine::AblationOptions o) {
  engine::RecordedBackend backend(engine::load_recording(w.recording));
  std::ostringstream err;
  return engine::run_ablation(o, backend, err);
}

std::vector<std::size_t> line_ends(const std::string& text) {
  std::vector<std::size_t> ends;
  for (std::size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n') ends.push_back(i + 1);
  return ends;
}
}  // namespace

TEST_CASE("ablate writes manifest, ledger, evolved rules, summary.json and an SVG report") {
  test::ToyWorld w("ablate");
  auto r = ablate(w, options(w, w.root + "/run"));
  CHECK(r.summary.backend_line.rfind("no GPU: replaying recorded H200 measurements from ", 0) == 0);
  REQUIRE(r.summary.problems.size() == 1);
  const auto& p = r.summary.problems[0];
  CHECK(p.off.best_variant == "coalesced");
  CHECK(p.on.best_variant == "vec[BLOCK=128]");
  CHECK(p.off_on_ratio > 1.5);
  CHECK(p.on.rounds_to_best == 4);
  // No retirement: low_ilp's no-variant rounds are neutral (the pool lacks its rewrite).
  CHECK(p.retirements.empty());
  CHECK(p.proposals.size() == 1);
  auto summary = nlohmann::json::parse(test::read_text(r.dir.summary()));
  CHECK(summary["problems"][0]["on"]["best_variant"] == "vec[BLOCK=128]");
  std::string html = test::read_text(r.dir.report());
  CHECK(html.find("<svg") != std::string::npos);
  CHECK(html.find("proposed_vectorize_loads_1") != std::string::npos);
  CHECK(html.find("http://") == html.find("http://www.w3.org/2000/svg"));  // no external asset
  CHECK(html.find("<script") == std::string::npos);
  auto evolved = rules::load_rule_table(r.dir.evolved_rules());
  CHECK(evolved.find("low_ilp")->status == rules::RuleStatus::Active);
  auto manifest = nlohmann::json::parse(test::read_text(r.dir.manifest()));
  CHECK(manifest["backend"]["kind"] == "recorded");
  CHECK(manifest["recording"] == w.recording);
  // The measurements it used replay on their own.
  CHECK(engine::load_recording(r.dir.measurements()).find("toy", "vec[BLOCK=128]"));
  // Same seed, same bytes.
  auto again = ablate(w, options(w, w.root + "/run-again"));
  CHECK(test::read_text(again.dir.ledger()) == test::read_text(r.dir.ledger()));
}

TEST_CASE("resume after a cut at every record boundary and mid-record gives the identical ledger") {
  test::ToyWorld w("resume");
  auto full = ablate(w, options(w, w.root + "/full"));
  std::string ledger = test::read_text(full.dir.ledger());
  auto ends = line_ends(ledger);
  REQUIRE(ends.size() >= 8);
  int cuts = 0;
  for (std::size_t k = 0; k < ends.size(); ++k) {
    std::vector<std::size_t> at{ends[k]};
    if (k + 1 < ends.size()) at.push_back((ends[k] + ends[k + 1]) / 2);  // a torn record
    for (std::size_t cut : at) {
      std::string dir = w.root + "/cut" + std::to_string(cuts++);
      test::fs::create_directories(dir);
      for (const char* f : {"manifest.json", "rules.yaml", "measurements.json"})
        test::fs::copy_file(full.dir.path + "/" + f, dir + "/" + f);
      test::unfinish_run(dir);  // as a kill leaves it: not finished, not sealed
      test::write_text(dir + "/ledger.jsonl", ledger.substr(0, cut));
      auto o = options(w, "");
      o.resume_dir = dir;
      o.problems.clear();  // taken from the ledger's header
      auto r = ablate(w, o);
      INFO("cut at byte " << cut);
      CHECK(test::read_text(dir + "/ledger.jsonl") == ledger);
      CHECK(test::read_text(dir + "/evolved-rules.yaml") ==
            test::read_text(full.dir.evolved_rules()));
    }
  }
  CHECK(cuts == static_cast<int>(2 * ends.size() - 1));
}

TEST_CASE("resume refuses a ledger whose record was edited, and a run of another backend") {
  test::ToyWorld w("resume-bad");
  auto full = ablate(w, options(w, w.root + "/full"));
  std::string ledger = test::read_text(full.dir.ledger());
  auto pos = ledger.find("\"round\":2");
  REQUIRE(pos != std::string::npos);
  test::write_text(full.dir.ledger(),
                   ledger.substr(0, pos) + "\"round\":3" + ledger.substr(pos + 9));
  auto o = options(w, "");
  o.resume_dir = full.dir.path;
  CHECK_THROWS_AS(ablate(w, o), rules::InputError);
}

TEST_CASE("replay: an edited threshold changes exactly the decisions it should") {
  test::ToyWorld w("replay");
  auto run = ablate(w, options(w, w.root + "/run"));
  auto loaded = engine::load_ledger(run.dir.ledger());
  auto chip = *rules::load_chip_table(test::chips_yaml()).find("h200");
  // Same table: nothing changes.
  auto original = rules::load_rule_table(w.rules);
  auto same = engine::replay_decisions(loaded.records, &original, original, chip);
  for (const auto& d : same) CHECK_FALSE(d.changed());
  // uncoalesced now needs load_eff < 0.2: the naive seed (0.3) no longer triggers it.
  auto edited = rules::parse_rule_table(test::toy_rules(0.2), "edited.yaml");
  auto d = engine::replay_decisions(loaded.records, &original, edited, chip);
  // Without the run's table the recorded decisions are the baseline: the same answer here.
  auto vs_recorded = engine::replay_decisions(loaded.records, nullptr, edited, chip);
  REQUIRE(vs_recorded.size() == d.size());
  for (std::size_t i = 0; i < d.size(); ++i) CHECK(vs_recorded[i].changed() == d[i].changed());
  std::vector<std::string> changed;
  for (const auto& x : d)
    if (x.changed())
      changed.push_back(x.track + " r" + std::to_string(x.round) + " " + x.old_rule + "->" +
                        x.new_rule);
  CHECK(changed == std::vector<std::string>{"off r1 uncoalesced->", "on r1 uncoalesced->"});

  test::write_text(w.root + "/edited.yaml", test::toy_rules(0.2));
  std::ostringstream err;
  auto sim = engine::simulate_run(run.dir.path, w.root + "/edited.yaml", test::chips_yaml(),
                                  w.problems, w.root + "/sim", err);
  REQUIRE(sim.after.problems.size() == 1);
  CHECK(sim.after.problems[0].off.best_variant == "naive");  // OFF never leaves the seed now
  CHECK(sim.before.problems[0].off.best_variant == "coalesced");
}
