// The fault suite (tests/data/faults, issue 5) without a GPU: everything CI can prove.
//  - the spec and its rule table load; each fault variant is where the loop will try it;
//  - smem_too_large is refused by static validation (the backend's InvalidSpec) on every chip;
//  - compile_error fails in NVRTC with its log, and every other kernel compiles (needs a build
//    with the CUDA toolkit; NVRTC needs no GPU);
//  - the round loop over a recorded backend whose recording holds each fault's outcome
//    (SYNTHETIC: built here from the outcome values the H200 must produce, not measured)
//    records one gate-failed round per fault, continues, and leaves a whole ledger;
//  - the round loop over the live backend driving the fake worker (tests/engine/fake_worker.cpp)
//    survives real worker deaths (hang, abort, SIGSEGV, exit, sticky error) mid-run;
//  - JSON loaders refuse numbers beyond double range as bad input (a fuzzing finding).
// The same faults on the H200: tests/gpu/fault_suite_gpu_test.cpp.
#include <doctest/doctest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "engine/backend/live_backend.h"
#include "engine/backend/recorded_backend.h"
#include "engine/backend/recording.h"
#include "engine/loop/ledger.h"
#include "engine/loop/round_loop.h"
#include "generators/nvrtc_compiler.h"
#include "generators/problem_spec.h"
#include "generators/validate.h"
#include "generators/variant_space.h"
#include "profiling/signal_file.h"
#include "rules/chips.h"
#include "rules/rule_table.h"
#include "tests/engine/fault_expectations.h"

using namespace solver;
using engine::GateStatus;
using engine::Outcome;
namespace fs = std::filesystem;

namespace {

std::string source_dir() { return SOLVER_SOURCE_DIR; }
std::string faults_dir() { return source_dir() + "/tests/data/faults"; }

const rules::ChipTable& chips() {
  static const rules::ChipTable t = rules::load_chip_table(source_dir() + "/rules/chips.yaml");
  return t;
}
const rules::ChipProfile& h200() {
  const rules::ChipProfile* c = chips().find("h200");
  REQUIRE(c != nullptr);
  return *c;
}

using test::expected_faults;

class TempDir {
 public:
  explicit TempDir(const std::string& tag) {
    static int n = 0;
    path_ = fs::temp_directory_path() /
            ("solver-faults-" + tag + "-" + std::to_string(::getpid()) + "-" + std::to_string(n++));
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

engine::GateResult gate_of(GateStatus s, const std::string& detail) {
  engine::GateResult g;
  g.status = s;
  g.detail = "SYNTHETIC " + detail;
  g.source_hash = "synthetic";
  g.input_sets = 2;
  g.seeds = {1, 2};
  return g;
}

std::vector<double> samples_around(double us) {
  std::vector<double> v;
  for (int i = 0; i < 20; ++i) v.push_back(us * (1.0 + 0.002 * ((i * 7) % 5 - 2)));
  return v;
}

// The synthetic recording. `too_fast_gate`: what the recording says the gate gave too_fast:
// Passed (a gate without the floor check: the loop's own floor check must then flag it) or
// TooFast (what the live worker's gate reports).
engine::Recording synthetic_recording(GateStatus too_fast_gate) {
  engine::Recording r;
  r.chip = "h200";
  r.device_name = "NVIDIA H200";
  r.note =
      "SYNTHETIC: built by tests/engine/fault_suite_test.cpp from the outcome each fault "
      "variant must produce; not a measurement";
  auto& ok = r.at("faults", "ok");
  ok.gate = gate_of(GateStatus::Passed, "ok");
  engine::ProfileResult p;
  p.ok = true;
  p.time_us = 115.0;
  p.signals.set("time_us", 115.0);
  ok.profile = p;
  ok.samples_us = samples_around(115.0);
  for (const auto& e : expected_faults()) {
    auto& v = r.at("faults", e.variant);
    v.gate = gate_of(e.status, std::string(e.variant) + ": " + engine::to_string(e.status));
  }
  auto& fast = r.at("faults", "too_fast");
  fast.gate = gate_of(too_fast_gate, "too_fast");
  fast.samples_us = samples_around(38.0);  // 8 of the declared 24 bytes per element
  auto& again = r.at("faults", "ok_again");
  again.gate = gate_of(GateStatus::Passed, "ok_again");
  again.samples_us = samples_around(115.0);
  return r;
}

// Runs one track of the fault suite over `backend` and returns the ledger as loaded back.
engine::LoadedLedger run_faults_track(engine::Backend& backend, const generators::ProblemSpec& spec,
                                      const rules::ChipProfile& chip, bool evolve, int rounds,
                                      const std::string& rules_path) {
  TempDir dir("ledger");
  rules::RuleTable table = rules::load_rule_table(rules_path);
  engine::LoopConfig config;
  config.rounds = rounds;
  config.pairs = 15;
  config.seed = 7;
  config.evolve = evolve;
  std::string path = (dir.path() / "ledger.jsonl").string();
  {
    auto ledger = engine::LedgerWriter::create(path, {{"test", "fault_suite"}});
    engine::TrackState state = engine::initial_state(spec, chip, evolve ? "on" : "off");
    engine::RoundLoop loop(backend, spec, chip, table, config);
    engine::Evolver evolver(table, chip);
    engine::run_track(loop, state, evolve ? &evolver : nullptr, table, ledger, config);
  }
  // SOLVER_FAULTS_KEEP=DIR keeps the ledger (how fuzz/corpus/ledger/ was seeded).
  if (const char* keep = std::getenv("SOLVER_FAULTS_KEEP"))
    fs::copy_file(path,
                  fs::path(keep) / ("faults-" + std::string(evolve ? "on" : "off") + ".jsonl"),
                  fs::copy_options::overwrite_existing);
  return engine::load_ledger(path);  // throws if any record is torn, edited or missing
}

}  // namespace

TEST_CASE("the fault suite loads: one child of `ok` per fault class, tried in file order") {
  generators::ProblemSpec spec = generators::load_problem(faults_dir());
  CHECK(spec.name == "faults");
  CHECK(spec.seed_variant == "ok");
  CHECK(spec.timeout_ms == 2000);
  std::vector<std::string> ids;
  for (const auto& v : spec.variants) ids.push_back(v.id);
  std::vector<std::string> want{"ok"};
  for (const auto& e : expected_faults()) want.push_back(e.variant);
  want.push_back("ok_again");
  CHECK(ids == want);
  for (const auto& v : spec.variants) {
    if (v.id == "ok") continue;
    CHECK_MESSAGE(v.parents == std::vector<std::string>{"ok"}, v.id);
    CHECK_MESSAGE(v.applies == std::vector<std::string>{"increase_ilp"}, v.id);
  }
  rules::RuleTable table = rules::load_rule_table(faults_dir() + "/rules.yaml");
  REQUIRE(table.rules.size() == 1);
  CHECK(table.rules[0].hypothesis == "increase_ilp");
  CHECK(table.evolution.patience > int(expected_faults().size()));
}

TEST_CASE("smem_too_large is refused by static validation on every chip; no other variant is") {
  generators::ProblemSpec spec = generators::load_problem(faults_dir());
  for (const auto& chip : chips().chips) {
    for (const auto& v : spec.variants) {
      auto issues = generators::validate(spec, v, {}, chip);
      if (v.id == "smem_too_large") {
        REQUIRE_MESSAGE(issues.size() == 1, chip.id);
        CHECK(issues[0].message.find("shared memory") != std::string::npos);
        CHECK(issues[0].where.line > 0);  // located at the `smem:` of problem.yaml
      } else {
        CHECK_MESSAGE(issues.empty(), chip.id, " ", v.id, ": ", generators::format_issues(issues));
      }
    }
  }
  // And the generator never offers it as a candidate: the loop cannot pick an invalid point.
  generators::CandidateRequest req;
  req.spec = &spec;
  req.incumbent = {"ok", {}};
  req.hypothesis = "increase_ilp";
  req.chip = &h200();
  req.tried = {"ok"};
  for (const auto& e : expected_faults()) {
    if (std::string(e.variant) != "smem_too_large") req.tried.insert(e.variant);
  }
  auto choice = generators::next_candidate(req);
  REQUIRE(choice.candidate.has_value());
  CHECK(choice.candidate->variant == "ok_again");
}

TEST_CASE("compile_error fails in NVRTC with its log; every other kernel compiles") {
  if (!generators::nvrtc_available()) {
    MESSAGE("SKIP: this build has no NVRTC (no CUDA toolkit); the compile rows are untested here");
    return;
  }
  generators::ProblemSpec spec = generators::load_problem(faults_dir());
  auto ref = generators::compile_variant(generators::resolve_reference(spec, h200()), nullptr);
  CHECK_MESSAGE(ref.ok, ref.log);
  for (const auto& v : spec.variants) {
    auto rv = generators::resolve(spec, v, {}, h200());
    REQUIRE_MESSAGE(rv.ok(), v.id);
    auto c = generators::compile_variant(rv, nullptr);
    if (v.id == "compile_error") {
      CHECK_FALSE(c.ok);
      CHECK(c.log.find("compile_error.cu") != std::string::npos);
      CHECK(c.log.find("\"bias\" is undefined") != std::string::npos);
    } else {
      CHECK_MESSAGE(c.ok, v.id, ": ", c.error, "\n", c.log);
    }
  }
}

TEST_CASE(
    "recorded backend (synthetic outcomes): every fault costs one round and the loop goes on") {
  generators::ProblemSpec spec = generators::load_problem(faults_dir());
  for (GateStatus too_fast_gate : {GateStatus::Passed, GateStatus::TooFast}) {
    std::string too_fast_gate_name = engine::to_string(too_fast_gate);
    CAPTURE(too_fast_gate_name);
    engine::RecordedBackend backend(synthetic_recording(too_fast_gate));
    if (const char* keep = std::getenv("SOLVER_FAULTS_KEEP"))
      engine::save_recording(*backend.recording(), std::string(keep) + "/faults-synthetic.json");
    auto ledger = run_faults_track(backend, spec, h200(), false, 12, faults_dir() + "/rules.yaml");
    CHECK(ledger.notes.empty());  // nothing torn, nothing dropped
    REQUIRE(ledger.records.size() == 12);
    // Rounds 1-9: the faults in file order, smem_too_large skipped (the generator validates).
    std::size_t round = 0;
    for (const auto& e : expected_faults()) {
      if (e.status == GateStatus::InvalidSpec) continue;
      const auto& r = ledger.records[round++];
      std::string variant = e.variant;
      CAPTURE(variant);
      CHECK(r.round == int(round));
      CHECK(r.incumbent == "ok");
      CHECK(r.candidate == e.variant);
      CHECK(r.outcome == Outcome::GateFailed);
      REQUIRE(r.gate.has_value());
      CHECK(r.gate->status == e.status);
      if (r.gate->status != GateStatus::TooFast || too_fast_gate == GateStatus::TooFast)
        CHECK(r.detail.find(engine::to_string(e.status)) != std::string::npos);
      CHECK_FALSE(r.ends_track);
    }
    // The too_fast round went through paired timing: its verdict says it was "faster".
    const auto& fast = ledger.records[7];
    REQUIRE(fast.candidate == "too_fast");
    if (too_fast_gate == GateStatus::Passed) {
      REQUIRE(fast.verdict.has_value());
      CHECK(fast.verdict->candidate_median_us < engine::floor_us(spec, {"too_fast", {}}, h200()));
      CHECK(fast.detail.find("physical floor") != std::string::npos);
    }
    // After nine faults the loop still measures a correct candidate (same speed: rejected)...
    CHECK(ledger.records[9].candidate == "ok_again");
    CHECK(ledger.records[9].outcome == Outcome::Rejected);
    REQUIRE(ledger.records[9].verdict.has_value());
    // ...and then finds the pool exhausted, never having offered smem_too_large.
    CHECK(ledger.records[10].outcome == Outcome::NoVariant);
    CHECK(ledger.records[11].outcome == Outcome::NoVariant);
    for (const auto& r : ledger.records) CHECK(r.candidate != "smem_too_large");
  }
}

TEST_CASE(
    "recorded backend (synthetic outcomes): the evolution ON track also survives every fault") {
  generators::ProblemSpec spec = generators::load_problem(faults_dir());
  engine::RecordedBackend backend(synthetic_recording(GateStatus::TooFast));
  auto ledger = run_faults_track(backend, spec, h200(), true, 12, faults_dir() + "/rules.yaml");
  REQUIRE_FALSE(ledger.records.empty());
  std::map<std::string, GateStatus> seen;
  for (const auto& r : ledger.records)
    if (r.gate) seen[r.candidate] = r.gate->status;
  for (const auto& e : expected_faults()) {
    if (e.status == GateStatus::InvalidSpec) continue;
    REQUIRE_MESSAGE(seen.count(e.variant), std::string(e.variant));
    CHECK(seen[e.variant] == e.status);
  }
  CHECK(seen.count("ok_again") == 1);
}

TEST_CASE("live backend over the fake worker: the loop survives real worker deaths mid-run") {
  // A problem whose variant ids are the fake worker's behaviours (fake_worker.cpp), each a
  // child of `ok` applying increase_ilp like the fault suite; sources are the suite's ok.cu.
  TempDir root("fake");
  fs::path dir = root.path() / "fakefaults";
  fs::create_directories(dir);
  fs::copy_file(faults_dir() + "/ok.cu", dir / "ok.cu");
  fs::copy_file(faults_dir() + "/reference.cu", dir / "reference.cu");
  const std::vector<std::pair<std::string, GateStatus>> deaths = {{"hang", GateStatus::Timeout},
                                                                  {"abort", GateStatus::Fault},
                                                                  {"segv", GateStatus::Fault},
                                                                  {"exit", GateStatus::Fault},
                                                                  {"fatal", GateStatus::Fault}};
  {
    std::ifstream in(faults_dir() + "/problem.yaml");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::string head = text.substr(0, text.find("variants:"));
    head.replace(head.find("name: faults"), 12, "name: fakefaults");
    // Small, so the fake's 10 us candidate is not under the physical floor (a TooFast).
    head.replace(head.find("n: 16777216"), 11, "n: 1024");
    std::ofstream out(dir / "problem.yaml");
    out << head << "variants:\n";
    auto variant = [&](const std::string& id, bool child) {
      out << "  - id: " << id << "\n    source: ok.cu\n    entry: faults_ok\n"
          << "    args: [x, a, w, b, y, n]\n    grid: [\"ceil_div(n, 256)\"]\n    block: [256]\n";
      if (child) out << "    parent: ok\n    applies: [increase_ilp]\n";
    };
    variant("ok", false);
    for (const auto& [id, status] : deaths) variant(id, true);
    variant("ok_again", true);
  }
  generators::ProblemSpec spec = generators::load_problem(dir.string());

  engine::LiveOptions o;
  o.worker_path = FAKE_WORKER_PATH;
  o.problems_root = root.path().string();
  o.timeout_ms = 300;
  auto [backend, why] = engine::open_live_backend(o);
  REQUIRE_MESSAGE(backend != nullptr, why);
  auto ledger = run_faults_track(*backend, spec, h200(), false, 8, faults_dir() + "/rules.yaml");
  CHECK(ledger.notes.empty());
  REQUIRE(ledger.records.size() == 8);  // 5 deaths, ok_again kept, then nothing left
  for (std::size_t i = 0; i < deaths.size(); ++i) {
    const auto& r = ledger.records[i];
    std::string death = deaths[i].first;
    CAPTURE(death);
    CHECK(r.candidate == deaths[i].first);
    CHECK(r.outcome == Outcome::GateFailed);
    REQUIRE(r.gate.has_value());
    CHECK(r.gate->status == deaths[i].second);
  }
  // The fake answers paired timing 20 us vs 10 us: after five dead workers, a kept round.
  CHECK(ledger.records[5].candidate == "ok_again");
  CHECK(ledger.records[5].outcome == Outcome::Kept);
  CHECK(ledger.records[6].outcome == Outcome::NoVariant);
  CHECK(ledger.records[7].outcome == Outcome::NoVariant);
  // One worker at the start, one more after each death.
  CHECK(backend->workers_started() == 1 + int(deaths.size()));
}

TEST_CASE("JSON loaders refuse a number beyond double range as bad input, not a crash") {
  // Found by recording_fuzz: nlohmann throws out_of_range (406) for "1e400", which the
  // loaders did not catch (the process terminated instead of exiting 2).
  CHECK_THROWS_AS(engine::parse_recording("1e400", "x.json"), rules::InputError);
  CHECK_THROWS_AS(
      engine::parse_recording("{\"format\": \"solver-recording\", \"version\": 1e999}", "x.json"),
      rules::InputError);
  CHECK_THROWS_AS(profiling::parse_signal_file("{\"version\": -1e400}", "s.json"),
                  rules::InputError);
  TempDir dir("json");
  std::string path = (dir.path() / "ledger.jsonl").string();
  { engine::LedgerWriter::create(path, {{"test", "json"}}); }
  {
    std::ofstream out(path, std::ios::app);
    out << "{\"round\": 1e400, \"hash\": \"x\"}\n";
  }
  CHECK_THROWS_AS(engine::load_ledger(path), rules::InputError);
}

TEST_CASE("the loop's physical floor: integer buffers are held to the integer tensor rate") {
  // An honest int8 W8A8 GEMM (integer MMAs on the problem's own int8 data, float output) was
  // refused live as too_fast against the FP32 rate of its declared class (2026-12-03).
  const auto spec =
      generators::load_problem(source_dir() + "/tests/cheats/control_int8_w8a8_scales");
  const double flops = 2.0 * 1024 * 1024 * 4 * 1024;
  const double us = engine::floor_us(spec, {"control", {}}, h200());
  CHECK(us < flops / (h200().number("fp32_tflops") * 1e6));  // not the FP32 floor (128 us)
  // The int8 fallback at the sparse rate (twice the dense one: the loop's floor reads no code).
  CHECK(us >= flops / (2 * h200().number("fp8_tflops") * 1e6) * 0.999);
  // A float-only problem keeps its declared class's rate.
  const auto faults = generators::load_problem(faults_dir());
  const double f = engine::floor_us(faults, {"ok", {}}, h200());
  // 98.7 us: its bytes (less the written buffer the L2 can hold at a run's end, floor_bytes.h)
  // and FP32 flops; the fault suite's too_fast kernel (62 us live) stays under it.
  CHECK(f > 90);
  CHECK(f < 111.8);
}
