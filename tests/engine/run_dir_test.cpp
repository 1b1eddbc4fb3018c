// The run directory as a database (issue 13), on the SYNTHETIC toy pool: one writer at a time,
// measurements persisted with every round, resume and replay checking what they depend on,
// nothing half-written by a failed start.
#include <doctest/doctest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <sstream>
#include <stdexcept>

#include "cli_run.h"
#include "engine/backend/recorded_backend.h"
#include "engine/cli/command.h"
#include "engine/loop/ledger.h"
#include "engine/run/ablation.h"
#include "engine/run/replay.h"
#include "engine/run/run_dir.h"
#include "engine/run/run_lock.h"
#include "rules/chips.h"
#include "synthetic_pool.h"

using namespace solver;

namespace {

using Result = test::CliRun;
Result solver_cli(std::vector<std::string> args) { return test::run_solver(std::move(args)); }
std::vector<std::string> ablate_args(const test::ToyWorld& w, const std::string& out) {
  return {"ablate",    "--problems",     "toy",      "--rounds", "12",    "--seed",
          "5",         "--pairs",        "9",        "--rules",  w.rules, "--recording",
          w.recording, "--problems-dir", w.problems, "--out",    out,     "--quiet"};
}
std::vector<std::string> resume_args(const test::ToyWorld& w, const std::string& dir) {
  return {"ablate", "--resume", dir, "--problems-dir", w.problems, "--quiet"};
}

engine::AblationOptions options(const test::ToyWorld& w, const std::string& out) {
  return test::toy_ablation_options(w, out, 5);
}

// A recorded backend that dies (throws) at its n-th paired timing: a crash mid-track.
// (die_at 0: never; calls() counts them.)
class DyingBackend : public engine::RecordedBackend {
 public:
  DyingBackend(engine::Recording r, int die_at) : RecordedBackend(std::move(r)), die_at_(die_at) {}
  engine::PairSamples time_pairs(const engine::VariantRef& a, const engine::VariantRef& b,
                                 const engine::PairPlan& plan, uint64_t seed) override {
    if (++calls_ == die_at_) throw std::runtime_error("simulated crash");
    return RecordedBackend::time_pairs(a, b, plan, seed);
  }
  int calls() const { return calls_; }

 private:
  int die_at_, calls_ = 0;
};

// Without the backend line and the oracle's source (each names its run's own measurements.json).
std::string summary_json(const engine::Summary& s) {
  auto j = s.to_json();
  j.erase("backend");
  j.erase("oracle_source");
  return j.dump();
}

}  // namespace

TEST_CASE(
    "run directory lock: a second writer is refused with exit 2 naming the holder; readers go on") {
  test::ToyWorld w("lock");
  std::string run = w.root + "/run";
  REQUIRE(solver_cli(ablate_args(w, run)).rc == 0);
  std::string ledger = test::read_text(run + "/ledger.jsonl");
  {
    auto held = engine::RunLock::acquire(run + "/.lock", "the test holding it");
    for (const auto& args : std::vector<std::vector<std::string>>{
             resume_args(w, run), {"report", run}, ablate_args(w, run)}) {
      auto r = solver_cli(args);
      INFO(args[0] << ": " << r.err);
      CHECK(r.rc == 2);
      CHECK(r.err.find("pid " + std::to_string(::getpid())) != std::string::npos);
      CHECK(r.err.find("the test holding it") != std::string::npos);
    }
    // Readers take no lock.
    auto replay = solver_cli({"replay", "--run", run, "--rules", w.rules});
    CHECK(replay.rc == 0);
    // A start into a locked fresh folder writes nothing there.
    std::string fresh = w.root + "/fresh";
    test::fs::create_directories(fresh);
    auto held2 = engine::RunLock::acquire(fresh + "/.lock", "another holder");
    CHECK(solver_cli(ablate_args(w, fresh)).rc == 2);
    CHECK_FALSE(test::fs::exists(fresh + "/rules.yaml"));
    CHECK_FALSE(test::fs::exists(fresh + "/ledger.jsonl"));
    // `record` locks its output file (it then needs a GPU; refused first here).
    auto held3 = engine::RunLock::acquire(w.root + "/rec.json.lock", "a recorder");
    auto rec = solver_cli({"record", "--problems", "toy", "--problems-dir", w.problems, "--out",
                           w.root + "/rec.json"});
    CHECK(rec.rc == 2);
    CHECK(rec.err.find("a recorder") != std::string::npos);
  }
  CHECK(test::read_text(run + "/ledger.jsonl") == ledger);
  // Released: the next writer gets in.
  CHECK(solver_cli({"report", run}).rc == 0);
}

TEST_CASE(
    "measurements persist with every round: a crashed run resumes to the same measurements and "
    "simulation") {
  test::ToyWorld w("measure");
  engine::Recording rec = engine::load_recording(w.recording);
  std::ostringstream err;
  DyingBackend full_backend(rec, 0);
  auto full = engine::run_ablation(options(w, w.root + "/full"), full_backend, err);
  std::string want_ledger = test::read_text(full.dir.ledger());
  std::string want_meas = test::read_text(full.dir.measurements());
  const int n = full_backend.calls();
  REQUIRE(n >= 3);
  int crashes = 0;
  for (int die_at : {2, (n + 2) / 2, n}) {
    std::string dir = w.root + "/crash" + std::to_string(die_at);
    DyingBackend dying(rec, die_at);
    CHECK_THROWS_AS(engine::run_ablation(options(w, dir), dying, err), std::runtime_error);
    REQUIRE(test::fs::exists(dir + "/ledger.jsonl"));
    // Every record on disk has its measurements on disk too.
    auto partial = engine::load_ledger(dir + "/ledger.jsonl");
    auto meas = engine::load_recording(dir + "/measurements.json");
    for (const auto& r : partial.records) {
      CHECK(meas.find("toy", r.incumbent));
      if (!r.candidate.empty() && r.gate && r.gate->passed()) CHECK(meas.find("toy", r.candidate));
    }
    crashes += !partial.records.empty();
    auto o = options(w, "");
    o.resume_dir = dir;
    o.problems.clear();
    engine::RecordedBackend again(rec);
    engine::run_ablation(o, again, err);
    INFO("crash at paired timing " << die_at);
    CHECK(test::read_text(dir + "/ledger.jsonl") == want_ledger);
    CHECK(test::read_text(dir + "/measurements.json") == want_meas);
    auto a = engine::simulate_run(full.dir.path, w.rules, test::chips_yaml(), w.problems,
                                  w.root + "/sim-full" + std::to_string(die_at), err);
    auto b = engine::simulate_run(dir, w.rules, test::chips_yaml(), w.problems,
                                  w.root + "/sim-crash" + std::to_string(die_at), err);
    CHECK(summary_json(a.after) == summary_json(b.after));
  }
  CHECK(crashes == 3);
}

TEST_CASE(
    "resume verifies its inputs: recording content, problem spec and sources, conflicting flags") {
  test::ToyWorld w("verify");
  std::string run = w.root + "/run";
  REQUIRE(solver_cli(ablate_args(w, run)).rc == 0);
  // Cut the ledger so there is something left to resume.
  std::string ledger = test::read_text(run + "/ledger.jsonl");
  std::size_t cut = 0;
  for (int i = 0; i < 4; ++i) cut = ledger.find('\n', cut) + 1;
  test::unfinish_run(run);  // as a kill leaves it (a finished run's cut ledger is refused)
  auto reset = [&] { test::write_text(run + "/ledger.jsonl", ledger.substr(0, cut)); };

  SUBCASE("a recording with the same name but other content") {
    reset();
    std::string text = test::read_text(w.recording);
    auto pos = text.find("100.4");
    REQUIRE(pos != std::string::npos);
    text.replace(pos, 5, "100.5");
    test::write_text(w.recording, text);
    auto r = solver_cli(resume_args(w, run));
    CHECK(r.rc == 2);
    CHECK(r.err.find(w.recording) != std::string::npos);
    CHECK(r.err.find("not the one the run started on") != std::string::npos);
  }
  SUBCASE("an edited problem.yaml") {
    reset();
    std::string y = test::read_text(w.problems + "/toy/problem.yaml");
    y.replace(y.find("N: 1048576"), 10, "N: 1048577");
    test::write_text(w.problems + "/toy/problem.yaml", y);
    auto r = solver_cli(resume_args(w, run));
    CHECK(r.rc == 2);
    CHECK(r.err.find("toy/problem.yaml") != std::string::npos);
  }
  SUBCASE("an edited kernel source") {
    reset();
    test::write_text(w.problems + "/toy/vec.cu", "// edited\n");
    auto r = solver_cli(resume_args(w, run));
    CHECK(r.rc == 2);
    CHECK(r.err.find("vec.cu") != std::string::npos);
    CHECK(r.err.find("changed since the run started") != std::string::npos);
  }
  SUBCASE("flags that conflict with the run are errors; equal ones are fine") {
    reset();
    for (auto extra : std::vector<std::vector<std::string>>{{"--rounds", "3"},
                                                            {"--seed", "9"},
                                                            {"--pairs", "7"},
                                                            {"--problems", "other"},
                                                            {"--out", w.root + "/elsewhere"}}) {
      auto args = resume_args(w, run);
      args.insert(args.end(), extra.begin(), extra.end());
      auto r = solver_cli(args);
      INFO(extra[0] << ": " << r.err);
      CHECK(r.rc == 2);
      CHECK(r.err.find(extra[0]) != std::string::npos);
    }
    test::write_text(w.root + "/other-rules.yaml", test::toy_rules(0.6));
    auto args = resume_args(w, run);
    args.insert(args.end(), {"--rules", w.root + "/other-rules.yaml"});
    CHECK(solver_cli(args).rc == 2);
    args = resume_args(w, run);
    args.insert(args.end(),
                {"--rounds", "12", "--seed", "5", "--problems", "toy", "--rules", w.rules});
    auto ok = solver_cli(args);
    INFO(ok.err);
    CHECK(ok.rc == 0);
    CHECK(test::read_text(run + "/ledger.jsonl") == ledger);
  }
}

TEST_CASE("replay verifies the run's rules.yaml, measurements and problems") {
  test::ToyWorld w("replay-verify");
  std::string run = w.root + "/run";
  REQUIRE(solver_cli(ablate_args(w, run)).rc == 0);
  SUBCASE("rules.yaml replaced") {
    test::write_text(run + "/rules.yaml", test::toy_rules(0.6));
    auto r = solver_cli({"replay", "--run", run, "--rules", w.rules});
    CHECK(r.rc == 2);
    // A finished run: its integrity seal names the file (engine/run/run_seal.h).
    CHECK(r.err.find(run + "/rules.yaml: error: changed since the run finished") !=
          std::string::npos);
    // An interrupted one (no seal yet): the ledger's rules_hash.
    test::unfinish_run(run);
    r = solver_cli({"replay", "--run", run, "--rules", w.rules});
    CHECK(r.rc == 2);
    CHECK(r.err.find("rules_hash") != std::string::npos);
  }
  SUBCASE("measurements.json edited") {
    std::string m = test::read_text(run + "/measurements.json");
    m.replace(m.find("50.5"), 4, "40.5");
    test::write_text(run + "/measurements.json", m);
    auto r = solver_cli(
        {"replay", "--run", run, "--rules", w.rules, "--simulate", "--out", w.root + "/sim"});
    CHECK(r.rc == 2);
    CHECK(r.err.find("measurements_hash") != std::string::npos);
    CHECK_FALSE(test::fs::exists(w.root + "/sim"));
  }
  SUBCASE("problem changed since the run") {
    test::write_text(w.problems + "/toy/naive.cu", "// changed\n");
    auto r = solver_cli(
        {"replay", "--run", run, "--rules", w.rules, "--simulate", "--out", w.root + "/sim"});
    CHECK(r.rc == 2);
    CHECK(r.err.find("naive.cu") != std::string::npos);
  }
}

TEST_CASE(
    "a failed start leaves nothing; an empty ledger is reusable; tmp files, blank lines, finished "
    "row") {
  test::ToyWorld w("start");
  SUBCASE("a seed without a valid point: exit 2 before the directory exists") {
    std::string y = test::read_text(w.problems + "/toy/problem.yaml");
    y.replace(y.find("N: 1048576"), 10, "N: 0");
    test::write_text(w.problems + "/toy/problem.yaml", y);
    std::string out = w.root + "/never";
    auto r = solver_cli(ablate_args(w, out));
    CHECK(r.rc == 2);
    CHECK_FALSE(test::fs::exists(out));
    // An existing empty folder stays empty.
    test::fs::create_directories(out);
    CHECK(solver_cli(ablate_args(w, out)).rc == 2);
    CHECK(test::fs::is_empty(out));
  }
  SUBCASE("an empty ledger (full disk at the start) can be resumed-refused clearly, and reused") {
    std::string out = w.root + "/empty";
    test::write_text(out + "/ledger.jsonl", "");
    test::write_text(out + "/manifest.json.tmp", "{\"half");
    auto r = solver_cli(resume_args(w, out));
    CHECK(r.rc == 2);
    CHECK(r.err.find("reusable") != std::string::npos);
    auto again = solver_cli(ablate_args(w, out));
    INFO(again.err);
    CHECK(again.rc == 0);
    CHECK_FALSE(test::fs::exists(out + "/manifest.json.tmp"));
  }
  SUBCASE("*.tmp left by a kill are removed on resume; a trailing blank line is tolerated") {
    std::string out = w.root + "/run";
    REQUIRE(solver_cli(ablate_args(w, out)).rc == 0);
    std::string ledger = test::read_text(out + "/ledger.jsonl");
    test::write_text(out + "/summary.json.tmp", "{");
    test::write_text(out + "/ledger.jsonl", ledger + "\n");
    CHECK(solver_cli({"report", out}).rc == 0);
    CHECK_FALSE(test::fs::exists(out + "/summary.json.tmp"));
    auto r = solver_cli(resume_args(w, out));
    INFO(r.err);
    CHECK(r.rc == 0);
    CHECK(test::read_text(out + "/ledger.jsonl") == ledger);  // the blank line is truncated
  }
  SUBCASE("the first report.html has the finished row a regenerated one has") {
    std::string out = w.root + "/run";
    REQUIRE(solver_cli(ablate_args(w, out)).rc == 0);
    std::string first = test::read_text(out + "/report.html");
    CHECK(first.find("<th>finished</th>") != std::string::npos);
    REQUIRE(solver_cli({"report", out}).rc == 0);
    CHECK(test::read_text(out + "/report.html") == first);
  }
}

TEST_CASE("--problems takes names once, --seed is a non-negative integer") {
  test::ToyWorld w("names");
  for (auto bad : std::vector<std::vector<std::string>>{{"--problems", "../problems/toy"},
                                                        {"--problems", "toy,toy"},
                                                        {"--problems", "/abs/toy"},
                                                        {"--seed", "-1"},
                                                        {"--seed", "1e3"}}) {
    std::string out = w.root + "/out";
    auto args = ablate_args(w, out);
    for (std::size_t i = 0; i + 1 < args.size(); ++i)
      if (args[i] == bad[0]) args[i + 1] = bad[1];
    auto r = solver_cli(args);
    INFO(bad[0] << " " << bad[1] << ": " << r.err);
    CHECK(r.rc == 2);
    CHECK(r.err.find(bad[0]) != std::string::npos);
    CHECK_FALSE(test::fs::exists(out));
  }
}

TEST_CASE("loaders range-check their numbers: recording, ledger, chips") {
  test::ToyWorld w("ranges");
  std::string rec = test::read_text(w.recording);
  auto pos = rec.find("\"input_sets\": 2");
  REQUIRE(pos != std::string::npos);
  std::string bad = rec;
  bad.replace(pos, 15, "\"input_sets\": 1e300");
  try {
    engine::parse_recording(bad, "r.json");
    FAIL("accepted input_sets 1e300");
  } catch (const rules::InputError& e) {
    CHECK(std::string(e.format()).find("input_sets") != std::string::npos);
  }
  bad = rec;
  pos = bad.find("\"sm_clock_mhz\": 1980");
  REQUIRE(pos != std::string::npos);
  bad.replace(pos, 20, "\"sm_clock_mhz\": -5");
  CHECK_THROWS_AS(engine::parse_recording(bad, "r.json"), rules::InputError);

  std::string run = w.root + "/run";
  REQUIRE(solver_cli(ablate_args(w, run)).rc == 0);
  std::string ledger = test::read_text(run + "/ledger.jsonl");
  // A record whose round is 1e300, re-hashed so only the range check can refuse it.
  auto lines = std::vector<std::string>{};
  std::istringstream in(ledger);
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  auto j = nlohmann::json::parse(lines[1]);
  auto header = nlohmann::json::parse(lines[0]);
  j.erase("hash");
  j["round"] = 1e300;
  j["hash"] = engine::chain_hash(header["hash"].get<std::string>(), j);
  test::write_text(run + "/ledger.jsonl", lines[0] + "\n" + j.dump() + "\n");
  try {
    engine::load_ledger(run + "/ledger.jsonl");
    FAIL("accepted round 1e300");
  } catch (const rules::InputError& e) {
    CHECK(e.format().find("ledger.jsonl:2") != std::string::npos);
    CHECK(e.format().find("round must be an integer") != std::string::npos);
  }

  std::string chips = test::read_text(test::chips_yaml());
  pos = chips.find("smem_per_block_kib: ");
  REQUIRE(pos != std::string::npos);
  auto eol = chips.find('\n', pos);
  chips.replace(pos, eol - pos, "smem_per_block_kib: 1e30");
  try {
    rules::parse_chip_table(chips, "chips.yaml");
    FAIL("accepted smem 1e30");
  } catch (const rules::InputError& e) {
    CHECK(e.format().find("out of range") != std::string::npos);
  }
}
