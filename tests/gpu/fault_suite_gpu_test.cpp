// The fault suite (tests/data/faults) on a real GPU, through the live backend: every fault
// variant must end as its outcome, and the backend must recover (`ok` passes right after each
// fault, on a fresh worker where the fault killed one). Then one track of the round loop runs
// over the whole suite and must record every fault as a gate-failed round and go on.
// Label `gpu`; without a GPU (open_live_backend returns nullptr) the binary prints why and exits
// with the skip code (ctest: skipped).
//
// SOLVER_FAULTS_REPORT=DIR (scripts/reliability.sh sets it) writes DIR/fault_suite_gpu.md (the
// table of docs/reliability.md, measured) and DIR/fault_suite_ledger.jsonl.
#include <doctest/doctest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "engine/backend/live_backend.h"
#include "engine/loop/ledger.h"
#include "engine/loop/round_loop.h"
#include "generators/problem_spec.h"
#include "rules/chips.h"
#include "rules/rule_table.h"
#include "tests/engine/fault_expectations.h"
#include "tests/gpu/gpu_skip.h"

using namespace solver;
using engine::GateStatus;
using engine::Outcome;
namespace fs = std::filesystem;

namespace {

std::string source_dir() { return test::gpu_test_source_dir("tests/data/faults/problem.yaml"); }

using test::expected_faults;

std::string worker_path() { return test::gpu_test_worker_path(); }

// The live backend on the fault suite, or nullptr with the reason printed as a skip.
std::unique_ptr<engine::Backend> open_or_skip() {
  engine::LiveOptions o;
  o.problems_root = source_dir() + "/tests/data";  // the folder holding faults/
  o.chips_file = source_dir() + "/rules/chips.yaml";
  o.worker_path = worker_path();
  auto [b, why] = engine::open_live_backend(o);
  if (!b)
    test::skip_without_gpu("no live GPU backend (" + why +
                           "); the fault suite's H200 rows are untested here");
  return std::move(b);
}

std::string first_line(const std::string& s) {
  std::string l = s.substr(0, s.find('\n'));
  for (char& c : l)
    if (c == '|') c = '/';
  return l.size() > 160 ? l.substr(0, 157) + "..." : l;
}

std::string report_dir() {
  const char* d = std::getenv("SOLVER_FAULTS_REPORT");
  return d ? d : "";
}

}  // namespace

TEST_CASE("live: every fault variant gates as its outcome, and ok passes right after each") {
  auto backend = open_or_skip();
  if (!backend) return;
  const engine::VariantRef ok{"faults", "ok", {}};
  engine::GateResult first = backend->gate(ok);
  REQUIRE_MESSAGE(first.status == GateStatus::Passed, first.detail);

  std::ostringstream table;
  table << "device: " << backend->info().device_name << " (" << backend->info().chip_id << ")\n\n"
        << "| fault class | variant | outcome recorded | expected | `ok` gated right after | "
           "workers started | detail |\n|---|---|---|---|---|---|---|\n";
  for (const auto& e : expected_faults()) {
    std::string variant = e.variant;
    CAPTURE(variant);
    engine::GateResult g = backend->gate({"faults", e.variant, {}});
    CHECK_MESSAGE(g.status == e.live, g.detail);
    engine::GateResult after = backend->gate(ok);
    CHECK_MESSAGE(after.status == GateStatus::Passed, after.detail);
    int workers = backend->workers_started();
    table << "| " << e.variant << " | `" << e.variant << "` | " << engine::to_string(g.status)
          << " | " << engine::to_string(e.live) << " | " << engine::to_string(after.status) << " | "
          << workers << " | " << first_line(g.detail) << " |\n";
    MESSAGE((variant + ": " + engine::to_string(g.status) + " (" + first_line(g.detail) +
             "); ok after: " + engine::to_string(after.status) + "; workers " +
             std::to_string(workers)));
  }
  if (!report_dir().empty()) {
    std::ofstream out(fs::path(report_dir()) / "fault_suite_gpu.md");
    out << table.str();
  }
}

TEST_CASE("live: the loop tries every fault, records each as gate-failed, and goes on") {
  auto backend = open_or_skip();
  if (!backend) return;
  generators::ProblemSpec spec = generators::load_problem(source_dir() + "/tests/data/faults");
  rules::ChipTable chips = rules::load_chip_table(source_dir() + "/rules/chips.yaml");
  const rules::ChipProfile* chip = chips.find(backend->info().chip_id);
  REQUIRE_MESSAGE(chip != nullptr, backend->info().chip_id);
  rules::RuleTable table = rules::load_rule_table(source_dir() + "/tests/data/faults/rules.yaml");
  engine::LoopConfig config;
  config.rounds = 12;
  config.pairs = 15;
  config.seed = 1;

  fs::path dir = fs::temp_directory_path() / ("solver-faults-gpu-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::string path = (dir / "ledger.jsonl").string();
  {
    auto ledger = engine::LedgerWriter::create(path, {{"test", "fault_suite_gpu"}});
    engine::TrackState state = engine::initial_state(spec, *chip, "off");
    engine::RoundLoop loop(*backend, spec, *chip, table, config);
    engine::run_track(
        loop, state, nullptr, table, ledger, config, [](const engine::RoundRecord& r) {
          MESSAGE(
              ("round " + std::to_string(r.round) + ": " + r.candidate + " -> " +
               engine::to_string(r.outcome) +
               (r.gate ? std::string(" / ") + engine::to_string(r.gate->status) : std::string()) +
               ": " + first_line(r.detail)));
        });
  }
  if (!report_dir().empty())
    fs::copy_file(path, fs::path(report_dir()) / "fault_suite_ledger.jsonl",
                  fs::copy_options::overwrite_existing);
  engine::LoadedLedger loaded = engine::load_ledger(path);
  fs::remove_all(dir);
  CHECK(loaded.notes.empty());
  REQUIRE(loaded.records.size() == 12);
  std::size_t round = 0;
  for (const auto& e : expected_faults()) {
    if (e.status == GateStatus::InvalidSpec) continue;  // the generator never offers it
    const auto& r = loaded.records[round++];
    std::string variant = e.variant;
    CAPTURE(variant);
    CHECK(r.candidate == e.variant);
    CHECK(r.incumbent == "ok");
    REQUIRE(r.gate.has_value());
    CHECK_MESSAGE(r.gate->status == e.live, r.detail);
    // A fault the live worker makes harmless passes its gate and is then timed: never kept.
    if (e.live == GateStatus::Passed)
      CHECK(r.outcome != Outcome::Kept);
    else
      CHECK(r.outcome == Outcome::GateFailed);
  }
  // After nine faults, a correct candidate is measured to a verdict.
  const auto& again = loaded.records[round];
  CHECK(again.candidate == "ok_again");
  CHECK((again.outcome == Outcome::Kept || again.outcome == Outcome::Rejected));
  CHECK(again.verdict.has_value());
}
