// `solver ablate / run / report / replay` through run_cli, on the SYNTHETIC toy pool.
#include <doctest/doctest.h>

#include <sstream>

#include "cli_run.h"
#include "engine/cli/command.h"
#include "synthetic_pool.h"

using namespace solver;

namespace {
using Result = test::CliRun;
Result solver_cli(std::vector<std::string> args) { return test::run_solver(std::move(args)); }
std::vector<std::string> ablate(const test::ToyWorld& w, const std::string& out,
                                const std::string& rules) {
  return {"ablate",   "--problems", "toy",         "--rounds",  "12",
          "--rules",  rules,        "--recording", w.recording, "--problems-dir",
          w.problems, "--out",      out,           "--quiet"};
}
}  // namespace

TEST_CASE(
    "ablate: first stdout line names the recorded backend; report and replay work on the run") {
  test::ToyWorld w("cli");
  std::string run = w.root + "/run";
  auto r = solver_cli(ablate(w, run, w.rules));
  REQUIRE(r.rc == 0);
  CHECK(r.out.rfind("no GPU: replaying recorded H200 measurements from " +
                        test::fs::absolute(w.recording).string() + "\n",
                    0) == 0);
  CHECK(r.out.find("evolution changed the outcome") != std::string::npos);

  test::fs::remove(run + "/report.html");
  auto rep = solver_cli({"report", run});
  CHECK(rep.rc == 0);
  CHECK(test::read_text(run + "/report.html").find("<svg") != std::string::npos);

  test::write_text(w.root + "/edited.yaml", test::toy_rules(0.2));
  auto rp = solver_cli({"replay", "--run", run, "--rules", w.root + "/edited.yaml", "--json"});
  REQUIRE(rp.rc == 0);
  auto j = nlohmann::json::parse(rp.out);
  CHECK(j["changed"].size() == 2);
  CHECK(j["changed"][0]["old_rule"] == "uncoalesced");
  CHECK(j["changed"][0]["new_rule"] == "");
}

TEST_CASE(
    "bad input exits 2 and writes nothing; a tampered ledger refuses --resume with its line") {
  test::ToyWorld w("cli-bad");
  test::write_text(w.root + "/bad.yaml", "version: 1\nrules:\n  - id: x\n    when: load_eff <\n");
  auto bad = solver_cli(ablate(w, w.root + "/never", w.root + "/bad.yaml"));
  CHECK(bad.rc == 2);
  CHECK_FALSE(test::fs::exists(w.root + "/never"));

  std::string run = w.root + "/run";
  REQUIRE(solver_cli(ablate(w, run, w.rules)).rc == 0);
  std::string ledger = test::read_text(run + "/ledger.jsonl");
  auto pos = ledger.find("\"time_us\":100");
  REQUIRE(pos != std::string::npos);
  ledger.replace(pos, 13, "\"time_us\":200");
  test::write_text(run + "/ledger.jsonl", ledger);
  auto res = solver_cli({"ablate", "--resume", run, "--quiet"});
  CHECK(res.rc == 2);
  CHECK(res.err.find("ledger.jsonl:") != std::string::npos);
  auto run1 = solver_cli({"run", "--problem", "toy", "--evolve", "maybe"});
  CHECK(run1.rc == 2);
}

TEST_CASE(
    "ablate checks its arguments before any backend starts; unknown names list the known ones") {
  // A typo in a problem name: exit 2, a suggestion and the known names, and no backend line
  // (nothing was started or replayed).
  auto typo = solver_cli({"ablate", "--problems", "softmax,sigmod", "--rounds", "2", "--quiet"});
  CHECK(typo.rc == 2);
  CHECK(typo.out.empty());
  CHECK(typo.err.find("unknown problem 'sigmod'") != std::string::npos);
  CHECK(typo.err.find("did you mean 'sigmoid'?") != std::string::npos);
  // The known names, sorted (the folder holds more problems than the six built-in ones).
  const auto known_at = typo.err.find("known problems: ");
  REQUIRE(known_at != std::string::npos);
  const std::string known = typo.err.substr(known_at, typo.err.find('\n', known_at) - known_at);
  size_t last = 0;
  for (const char* p :
       {"layernorm, ", "matmul, ", "matmul_scalar, ", "reduce, ", "sigmoid, ", "softmax"}) {
    const size_t at = known.find(p);
    CHECK_MESSAGE(at != std::string::npos, p << " in " << known);
    if (at != std::string::npos) CHECK(at >= last);
    last = at == std::string::npos ? last : at;
  }
  // --backend live with bad counts: refused before the worker would be started.
  auto rounds =
      solver_cli({"ablate", "--problems", "softmax", "--rounds", "0", "--backend", "live"});
  CHECK(rounds.rc == 2);
  CHECK(rounds.err.find("--rounds") != std::string::npos);
  CHECK(rounds.err.find("live") == std::string::npos);
  auto chip = solver_cli({"ablate", "--problems", "softmax", "--chip", "a1000"});
  CHECK(chip.rc == 2);
  CHECK(chip.out.empty());
  CHECK(chip.err.find("known chips: ") != std::string::npos);
  auto twice = solver_cli({"ablate", "--problems", "softmax,softmax"});
  CHECK(twice.rc == 2);
  CHECK(twice.err.find("named twice") != std::string::npos);
  auto path = solver_cli({"ablate", "--problems", "../problems/softmax"});
  CHECK(path.rc == 2);
  CHECK(path.err.find("names only") != std::string::npos);
  auto backend = solver_cli({"run", "--problem", "softmax", "--backend", "gpu"});
  CHECK(backend.rc == 2);
  CHECK(backend.err.find("unknown backend 'gpu'") != std::string::npos);
}

TEST_CASE("--resume refuses a --rounds other than the run's, and takes the same one") {
  test::ToyWorld w("cli-resume-rounds");
  std::string run = w.root + "/run";
  REQUIRE(solver_cli(ablate(w, run, w.rules)).rc == 0);
  std::string before = test::read_text(run + "/ledger.jsonl");
  std::vector<std::string> base{"ablate",    "--resume",       run,        "--recording",
                                w.recording, "--problems-dir", w.problems, "--quiet"};
  auto more = base;
  more.insert(more.end(), {"--rounds", "20"});
  auto refused = solver_cli(more);
  CHECK(refused.rc == 2);
  CHECK(refused.err.find("--rounds 20 conflicts with the run being resumed") != std::string::npos);
  CHECK(refused.err.find("has 12") != std::string::npos);
  CHECK(test::read_text(run + "/ledger.jsonl") == before);  // nothing written
  auto same = base;
  same.insert(same.end(), {"--rounds", "12"});
  auto ok = solver_cli(same);
  CHECK_MESSAGE(ok.rc == 0, ok.err);
  CHECK(test::read_text(run + "/ledger.jsonl") == before);  // finished already: nothing to add
}

TEST_CASE("ablate: word-valued options are checked before any backend opens (red team hin)") {
  test::ToyWorld w("cli-words");
  const std::string out = w.root + "/never";
  // With --backend live on a machine without a GPU, the backend's failure (exit 1) came first;
  // offline the recording was read before an unknown --off-policy was seen.
  for (const auto& [flag, value] : std::vector<std::pair<std::string, std::string>>{
           {"--off-policy", "x"}, {"--precision", "x"}, {"--round-delay-ms", "-5"}}) {
    auto r = solver_cli({"ablate", "--problems", "toy", "--problems-dir", w.problems, "--rounds",
                         "1", "--backend", "live", flag, value, "--out", out, "--quiet"});
    INFO(flag << ": " << r.out << r.err);
    CHECK(r.rc == 2);
    CHECK(r.err.find(flag) != std::string::npos);
    CHECK(r.out.empty());  // no backend line: none was opened
    CHECK_FALSE(test::fs::exists(out));
  }
}
