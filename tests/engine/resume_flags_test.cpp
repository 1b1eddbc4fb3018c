// --resume and the options that define a run (issue 27, item 13), from the one table of
// engine/run/run_options.h: every option `ablate` and `run` accept has a row; every defining row,
// given with --resume, is refused when it differs (exit 2, naming the flag and both values)
// and accepted when it is the run's own. A new flag without a row, or a defining row without
// a value here, fails this test: it cannot be forgotten. SYNTHETIC toy pool.
#include <doctest/doctest.h>

#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "cli_run.h"
#include "engine/backend/recorded_backend.h"
#include "engine/loop/ledger.h"
#include "engine/run/ablation.h"
#include "engine/run/run_options.h"
#include "synthetic_pool.h"

using namespace solver;

namespace {

test::CliRun solver_cli(std::vector<std::string> args) { return test::run_solver(std::move(args)); }

std::vector<std::string> common(const test::ToyWorld& w, const std::string& out) {
  return {"--rounds", "12",    "--seed",      "5",         "--pairs",        "9",
          "--rules",  w.rules, "--recording", w.recording, "--problems-dir", w.problems,
          "--out",    out,     "--quiet"};
}

// The flags a command's --help lists (its option lines: "  --name ...").
std::set<std::string> help_flags(const std::string& command) {
  auto r = solver_cli({command, "--help"});
  std::set<std::string> out;
  std::regex line(R"(^\s+(?:-\w, )?--([a-z][a-z0-9-]*))");
  std::istringstream in(r.out + r.err);
  for (std::string l; std::getline(in, l);) {
    std::smatch m;
    if (std::regex_search(l, m, line)) out.insert(m[1]);
  }
  return out;
}

// For each defining flag: which run it is tried on, a value that differs from that run's (with
// the two values the refusal must name), and the run's own value (empty: given by omission only).
struct Probe {
  std::string run;  // "A": ablate, defaults; "B": `solver run --evolve on`; "D": flags on
  std::vector<std::string> differs;
  std::string given_shown, own_shown;
  std::vector<std::string> same;
};

}  // namespace

TEST_CASE("every option of ablate and run is classified in the one table of run options") {
  std::set<std::string> known;
  for (const auto& o : engine::run_options()) {
    CHECK_MESSAGE(o.defining() != !o.free_because.empty(), o.flags[0]);
    CHECK_MESSAGE((o.given == nullptr) == (o.recorded == nullptr), o.flags[0]);
    for (const auto& f : o.flags) CHECK_MESSAGE(known.insert(f).second, "twice: " << f);
  }
  for (const char* command : {"ablate", "run"}) {
    auto flags = help_flags(command);
    CHECK(flags.count("rounds"));  // the --help parse found the options
    CHECK(flags.count("off-policy"));
    for (const auto& f : flags)
      CHECK_MESSAGE(known.count(f), "solver " << command << " --" << f
                                              << " is not in engine/run/run_options.cpp: does it "
                                                 "define the run (then --resume must check it)?");
  }
}

TEST_CASE("--resume refuses every run-defining option that differs, accepts the run's own") {
  test::ToyWorld w("resume-flags");
  std::map<std::string, std::string> runs{
      {"A", w.root + "/a"}, {"B", w.root + "/b"}, {"D", w.root + "/d"}, {"E", w.root + "/e"}};
  auto a = common(w, runs["A"]);
  a.insert(a.begin(), {"ablate", "--problems", "toy"});
  REQUIRE(solver_cli(a).rc == 0);
  auto b = common(w, runs["B"]);
  b.insert(b.begin(), {"run", "--problem", "toy", "--evolve", "on"});
  REQUIRE(solver_cli(b).rc == 0);
  auto d = common(w, runs["D"]);
  d.insert(d.begin(), {"ablate", "--problems", "toy", "--sequential-pairs", "--oracle"});
  auto made = solver_cli(d);
  REQUIRE_MESSAGE(made.rc == 0, made.err);
  auto e = common(w, runs["E"]);
  e.insert(e.begin(), {"ablate", "--problems", "toy", "--adaptive-pairs", "--eager-adversarial"});
  auto made_e = solver_cli(e);
  REQUIRE_MESSAGE(made_e.rc == 0, made_e.err);
  CHECK(test::read_text(runs["E"] + "/ledger.jsonl").find("\"pair_rule\":\"adaptive\"") !=
        std::string::npos);
  CHECK(test::read_text(runs["E"] + "/ledger.jsonl").find("\"eager_adversarial\":true") !=
        std::string::npos);
  // --pairs N without a rule flag is the fixed rule of N pairs (its meaning before P10).
  CHECK(test::read_text(runs["A"] + "/ledger.jsonl").find("\"pair_rule\":\"fixed\"") !=
        std::string::npos);
  // Two pair rules at once are refused before anything is written, whichever two.
  for (const auto& two :
       std::vector<std::vector<std::string>>{{"--adaptive-pairs", "--sequential-pairs"},
                                             {"--fixed-pairs", "--adaptive-pairs"},
                                             {"--sequential-pairs", "--fixed-pairs"}}) {
    auto both = common(w, w.root + "/both");
    both.insert(both.begin(), {"ablate", "--problems", "toy", two[0], two[1]});
    auto refused_both = solver_cli(both);
    INFO(two[0] << " " << two[1] << ": " << refused_both.err);
    CHECK(refused_both.rc == 2);
    CHECK(refused_both.err.find("two pair rules") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(w.root + "/both"));
  }

  test::write_text(w.root + "/other-rules.yaml", test::toy_rules(0.6));
  std::string rec = test::read_text(w.recording);
  rec.replace(rec.find("100.4"), 5, "100.5");
  test::write_text(w.root + "/other-recording.json", rec);

  std::map<std::string, Probe> probes{
      {"rounds", {"A", {"--rounds", "3"}, "3", "12", {"--rounds", "12"}}},
      {"pairs", {"A", {"--pairs", "7"}, "7", "9", {"--pairs", "9"}}},
      {"seed", {"A", {"--seed", "9"}, "9", "5", {"--seed", "5"}}},
      {"problems", {"A", {"--problems", "other"}, "other", "toy", {"--problems", "toy"}}},
      {"problem", {"B", {"--problem", "other"}, "other", "toy", {"--problem", "toy"}}},
      {"evolve", {"B", {"--evolve", "off"}, "off", "on", {"--evolve", "on"}}},
      {"shard", {"A", {"--shard", "1/1"}, "1/1", "none", {}}},
      {"on-tables",
       {"A", {"--on-tables", "per-problem"}, "per-problem", "carry", {"--on-tables", "carry"}}},
      {"chip", {"A", {"--chip", "a100"}, "a100", "h200", {"--chip", "h200"}}},
      {"off-policy",
       {"A",
        {"--off-policy", "first-rule"},
        "first-rule",
        "best-static",
        {"--off-policy", "best-static"}}},
      {"precision", {"A", {"--precision", "same"}, "same", "any", {"--precision", "any"}}},
      {"sequential-pairs", {"A", {"--sequential-pairs"}, "on", "off", {}}},
      {"adaptive-pairs", {"A", {"--adaptive-pairs"}, "on", "off", {}}},
      {"fixed-pairs", {"E", {"--fixed-pairs"}, "on", "off", {}}},
      {"screen", {"A", {"--screen", "4"}, "4", "2", {"--screen", "2"}}},
      {"oracle", {"A", {"--oracle"}, "on", "off", {}}},
      {"eager-adversarial", {"A", {"--eager-adversarial"}, "on", "off", {}}},
      {"backend", {"A", {"--backend", "live"}, "live", "recorded", {"--backend", "recorded"}}},
      {"rules",
       {"A", {"--rules", w.root + "/other-rules.yaml"}, "table ", "table ", {"--rules", w.rules}}},
      {"recording",
       {"A",
        {"--recording", w.root + "/other-recording.json"},
        "sha256 ",
        "sha256 ",
        {"--recording", w.recording}}},
      {"generator", {"A", {"--generator", "/bin/true"}, "/bin/true", "none", {}}},
      {"generator-first", {"A", {"--generator-first"}, "true", "false", {}}},
      {"generator-timeout-ms",
       {"A", {"--generator-timeout-ms", "5"}, "5", "60000", {"--generator-timeout-ms", "60000"}}},
      {"generator-max-output",
       {"A",
        {"--generator-max-output", "128"},
        "128",
        "1048576",
        {"--generator-max-output", "1048576"}}},
      {"generator-attempts-round",
       {"A", {"--generator-attempts-round", "1"}, "1", "2", {"--generator-attempts-round", "2"}}},
      {"generator-attempts-run",
       {"A", {"--generator-attempts-run", "5"}, "5", "32", {"--generator-attempts-run", "32"}}},
  };
  // Flags whose "same" is only the run started with them (run D).
  const std::map<std::string, std::pair<std::string, std::vector<std::string>>> same_on{
      {"sequential-pairs", {"D", {"--sequential-pairs"}}},
      {"oracle", {"D", {"--oracle"}}},
      {"adaptive-pairs", {"E", {"--adaptive-pairs"}}},
      {"eager-adversarial", {"E", {"--eager-adversarial"}}},
      {"fixed-pairs", {"A", {"--fixed-pairs"}}}};

  int refused = 0;
  for (const auto& o : engine::run_options()) {
    if (!o.defining()) continue;
    for (const auto& flag : o.flags) {
      auto it = probes.find(flag);
      REQUIRE_MESSAGE(it != probes.end(), "no probe for --" << flag << ": add one here");
      const Probe& p = it->second;
      const std::string& dir = runs.at(p.run);
      const std::string cmd = p.run == "B" ? "run" : "ablate";
      const std::string ledger = test::read_text(dir + "/ledger.jsonl");
      std::vector<std::string> args{cmd, "--resume", dir, "--quiet"};
      args.insert(args.end(), p.differs.begin(), p.differs.end());
      auto r = solver_cli(args);
      INFO("--" << flag << ": " << r.err);
      CHECK(r.rc == 2);
      CHECK(r.err.find("--" + flag + " " + p.given_shown) != std::string::npos);
      CHECK(r.err.find("conflicts with the run being resumed") != std::string::npos);
      CHECK(r.err.find(" has " + p.own_shown) != std::string::npos);
      CHECK(test::read_text(dir + "/ledger.jsonl") == ledger);
      refused += r.rc == 2;
      std::vector<std::string> same = p.same;
      if (same.empty() && same_on.count(flag)) same = same_on.at(flag).second;
      if (same.empty()) continue;
      const std::string& same_dir = same_on.count(flag) ? runs.at(same_on.at(flag).first) : dir;
      std::vector<std::string> ok{cmd, "--resume", same_dir, "--quiet"};
      ok.insert(ok.end(), same.begin(), same.end());
      auto s = solver_cli(ok);
      CHECK_MESSAGE(s.rc == 0, "--" << flag << " with the run's own value: " << s.err);
    }
  }
  MESSAGE(refused << " run-defining flags refused on --resume when they differ");
  // --backend auto means "whatever the run has".
  CHECK(solver_cli({"ablate", "--resume", runs["A"], "--backend", "auto", "--quiet"}).rc == 0);
}

namespace {

// A recorded backend that throws at its n-th paired timing: a run interrupted mid-track.
class InterruptedBackend : public engine::RecordedBackend {
 public:
  InterruptedBackend(engine::Recording r, int die_at)
      : RecordedBackend(std::move(r)), die_at_(die_at) {}
  engine::PairSamples time_pairs(const engine::VariantRef& a, const engine::VariantRef& b,
                                 const engine::PairPlan& plan, uint64_t seed) override {
    if (++calls_ == die_at_) throw std::runtime_error("interrupted");
    return RecordedBackend::time_pairs(a, b, plan, seed);
  }

 private:
  int die_at_, calls_ = 0;
};

// The pairs of every paired verdict in a ledger, in record order.
std::vector<size_t> verdict_pairs(const std::string& ledger) {
  std::vector<size_t> out;
  for (const auto& r : engine::load_ledger(ledger).records)
    if (r.verdict) out.push_back(r.verdict->ratios.size());
  return out;
}

}  // namespace

TEST_CASE("the adaptive rule is the default; a resumed run keeps the rule it started with") {
  test::ToyWorld w("pair-rule-default");
  // No rule flag and no --pairs: the adaptive rule, its cap 128 (docs/reliability.md P10).
  auto d = common(w, w.root + "/default");
  d.erase(d.begin() + 4, d.begin() + 6);  // "--pairs", "9"
  REQUIRE(d[4] == "--rules");
  d.insert(d.begin(), {"ablate", "--problems", "toy"});
  auto made = solver_cli(d);
  REQUIRE_MESSAGE(made.rc == 0, made.err);
  const std::string header = test::read_text(w.root + "/default/ledger.jsonl");
  CHECK(header.find("\"pair_rule\":\"adaptive\"") != std::string::npos);
  CHECK(header.find("\"pairs\":128") != std::string::npos);
  // --fixed-pairs without --pairs: 16 pairs, every verdict on all of them.
  auto f = common(w, w.root + "/fixed16");
  f.erase(f.begin() + 4, f.begin() + 6);
  f.insert(f.begin(), {"ablate", "--problems", "toy", "--fixed-pairs"});
  REQUIRE(solver_cli(f).rc == 0);
  CHECK(test::read_text(w.root + "/fixed16/ledger.jsonl").find("\"pair_rule\":\"fixed\"") !=
        std::string::npos);
  auto fixed_pairs = verdict_pairs(w.root + "/fixed16/ledger.jsonl");
  REQUIRE_FALSE(fixed_pairs.empty());
  for (size_t n : fixed_pairs) CHECK(n == 16);

  // A run of the fixed rule (as every run before the adaptive default), interrupted, then
  // resumed with no rule flag: it goes on under its own rule, and its ledger is the one an
  // uninterrupted run of that rule writes. 32 pairs: the adaptive rule would stop a decided
  // pair at 16, so a resume that took the new default could not give the same ledger.
  engine::Recording rec = engine::load_recording(w.recording);
  auto options = [&](const std::string& out) {
    auto o = test::toy_ablation_options(w, out, 5);
    o.pairs = 32;
    o.sequential = false;
    o.adaptive = false;
    return o;
  };
  std::ostringstream err;
  engine::RecordedBackend whole_backend(rec);
  auto whole = engine::run_ablation(options(w.root + "/whole"), whole_backend, err);
  const std::string want = test::read_text(whole.dir.ledger());
  auto whole_pairs = verdict_pairs(whole.dir.ledger());
  REQUIRE(whole_pairs.size() >= 3);
  for (size_t n : whole_pairs) CHECK(n == 32);
  InterruptedBackend interrupted(rec, 2);
  CHECK_THROWS_AS(engine::run_ablation(options(w.root + "/cut"), interrupted, err),
                  std::runtime_error);
  REQUIRE(verdict_pairs(w.root + "/cut/ledger.jsonl").size() < whole_pairs.size());
  auto resumed = solver_cli({"ablate", "--resume", w.root + "/cut", "--quiet"});
  REQUIRE_MESSAGE(resumed.rc == 0, resumed.err);
  CHECK(test::read_text(w.root + "/cut/ledger.jsonl") == want);
  // The same run resumed under the adaptive rule is refused: the rule is the run's.
  auto other = solver_cli({"ablate", "--resume", w.root + "/whole", "--adaptive-pairs", "--quiet"});
  CHECK(other.rc == 2);
  CHECK(other.err.find("--adaptive-pairs on") != std::string::npos);
}
