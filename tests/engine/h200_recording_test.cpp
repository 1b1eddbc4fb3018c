// Tests on REAL H200 data: the bundled recording (tests/data/recordings/h200.json: `solver
// record` of all six built-in pools on the H200, docs/results/h200-2026-11-29b/record.log) and
// the directory of an earlier live ablation (docs/results/h200-2026-11-29/ablate-live-default).
// No GPU needed.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <tuple>

#include <nlohmann/json.hpp>

#include "engine/backend/recorded_backend.h"
#include "engine/backend/recording.h"
#include "engine/cli/command.h"
#include "generators/nvrtc_compiler.h"
#include "generators/problem_spec.h"
#include "generators/variant_space.h"
#include "rules/chips.h"
#include "tests/generators/test_support.h"

namespace fs = std::filesystem;
using nlohmann::json;
using solver::cli::run_cli;

namespace {
const std::string kSrc = SOLVER_SOURCE_DIR;
const std::string kRecording = kSrc + "/tests/data/recordings/h200.json";
const std::string kLiveRun = kSrc + "/docs/results/h200-2026-11-29/ablate-live-default";

std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

const std::string kLargeRecording = kSrc + "/tests/data/recordings/h200-large.json";

// Issue 30's large pools (1,000+ points each) are recorded apart, in h200-large.json.
bool large_pool(const std::string& problem) {
  auto spec = solver::generators::load_problem(kSrc + "/problems/" + problem);
  std::size_t n = 0;
  for (const auto& v : spec.variants) n += solver::generators::enumerate_knobs(spec, v).size();
  return n >= 1000;
}

// Every problem folder of the tree but the large pools: the bundled recording must cover them
// all (CI's offline ablation runs every one of them).
std::vector<std::string> all_problems(bool large = false) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(kSrc + "/problems"))
    if (fs::exists(e.path() / "problem.yaml") && large_pool(e.path().filename().string()) == large)
      out.push_back(e.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}
std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : ",") + x;
  return s;
}

fs::path fresh_dir(const std::string& name) {
  fs::path d =
      fs::temp_directory_path() / ("solver-h200-" + name + "-" + std::to_string(::getpid()));
  fs::remove_all(d);
  return d;
}

// The NVRTC cache of the rederive cases: re-deriving compiles and scans every recorded point's
// kernel (~360 compiles, nearly all of this test's time). Under ctest, the run's shared cache
// (tests/generators/test_support.h: nvrtc_compile_test, ordered before this test, compiled these
// built-in kernels); by hand, one folder a process, removed at exit. Either way the second case
// re-derives the same kernels as the first and reads them back instead of compiling them again:
// a hit is the same (source, options, NVRTC version), sealed (compile_cache.h). Each case still
// re-derives every point it asserts on.
const fs::path& rederive_cache() {
  static const struct Dir {
    std::string shared = solver::generators::test::shared_nvrtc_cache_dir();
    fs::path path = shared.empty() ? fresh_dir("rederive-cache") : fs::path(shared);
    ~Dir() {
      std::error_code ec;
      if (shared.empty()) fs::remove_all(path, ec);
    }
  } dir;
  return dir.path;
}

int cli(std::vector<std::string> args, std::string* out_text = nullptr) {
  std::ostringstream out, err;
  args.insert(args.begin(), "solver");
  int rc = run_cli(args, out, err);
  if (out_text) *out_text = out.str();
  if (rc != 0) MESSAGE("stderr: " << err.str());
  return rc;
}
}  // namespace

TEST_CASE(
    "offline ablate on the bundled H200 recording: says so, deterministic, only recorded numbers") {
  const std::string problems = joined(all_problems());  // all 17 (issue 18): CI runs them offline
  fs::path a = fresh_dir("a"), b = fresh_dir("b");
  std::string out_a;
  REQUIRE(cli({"ablate", "--problems", problems, "--rounds", "12", "--backend", "recorded",
               "--recording", kRecording, "--out", a.string(), "--quiet"},
              &out_a) == 0);
  REQUIRE(cli({"ablate", "--problems", problems, "--rounds", "12", "--backend", "recorded",
               "--recording", kRecording, "--out", b.string(), "--quiet"}) == 0);
  // The first line says where the numbers come from.
  CHECK(out_a.rfind("no GPU: replaying recorded", 0) == 0);
  CHECK(out_a.find("h200.json") != std::string::npos);
  // Same seed, same recording: byte-identical ledgers.
  CHECK(slurp(a / "ledger.jsonl") == slurp(b / "ledger.jsonl"));
  CHECK(slurp(a / "ledger.jsonl").size() > 1000);

  // Every kept candidate and every best variant is a gate-passed variant of the recording.
  auto rec = solver::engine::load_recording(kRecording);
  std::istringstream ledger(slurp(a / "ledger.jsonl"));
  std::string line;
  std::getline(ledger, line);  // header
  int kept = 0;
  while (std::getline(ledger, line)) {
    json r = json::parse(line);
    if (r["outcome"] != "kept") continue;
    ++kept;
    const std::string problem = r["problem"], key = r["candidate"]["key"];
    REQUIRE(rec.problems.count(problem));
    REQUIRE(rec.problems.at(problem).variants.count(key));
    const auto& v = rec.problems.at(problem).variants.at(key);
    REQUIRE(v.gate.has_value());
    CHECK(v.gate->passed());
  }
  CHECK(kept > 0);

  json summary = json::parse(slurp(a / "summary.json"));
  std::string dump = summary.dump();
  REQUIRE(summary["problems"].size() == all_problems().size());
  for (const auto& p : summary["problems"]) {
    // Every problem's tracks end on a recorded point, never on "not recorded".
    CHECK_MESSAGE(p["on"]["best_us"].get<double>() > 0, p["problem"]);
    CHECK_MESSAGE(p["off"]["best_us"].get<double>() > 0, p["problem"]);
  }
  CHECK(slurp(a / "ledger.jsonl").find("\"not_recorded\"") == std::string::npos);
  std::string html = slurp(a / "report.html");
  CHECK(html.find("<svg") != std::string::npos);
  // Self-contained: nothing fetched from elsewhere (the SVG namespace URI is not a fetch).
  for (const char* ext : {"src=\"http", "href=\"http", "<link", "@import", "url(http"})
    CHECK(html.find(ext) == std::string::npos);
  fs::remove_all(a);
  fs::remove_all(b);
}

TEST_CASE(
    "replaying the live H200 run with one edited threshold changes exactly the decisions it "
    "should") {
  // Raise memory_saturated's bar from dram_frac > 0.75 to > 0.995 in a copy of the run's rules.
  std::string rules = slurp(fs::path(kLiveRun) / "rules.yaml");
  const std::string from = "when: dram_frac > 0.75", to = "when: dram_frac > 0.995";
  auto at = rules.find(from);
  REQUIRE(at != std::string::npos);
  rules.replace(at, from.size(), to);
  fs::path edited = fresh_dir("edited");
  fs::create_directories(edited);
  std::ofstream(edited / "rules.yaml") << rules;

  // Expected from the ledger itself: rounds where memory_saturated fired on a dram_frac that
  // the new bar no longer passes.
  std::set<std::tuple<std::string, std::string, int>> expected;
  std::istringstream ledger(slurp(fs::path(kLiveRun) / "ledger.jsonl"));
  std::string line;
  std::getline(ledger, line);
  while (std::getline(ledger, line)) {
    json r = json::parse(line);
    if (!r.contains("match") || !r["match"].is_object()) continue;
    if (r["match"].value("fired", "") != "memory_saturated") continue;
    double dram = r["signals"].value("dram_frac", 0.0);
    if (dram > 0.75 && dram <= 0.995)
      expected.insert(
          {r["problem"].get<std::string>(), r["track"].get<std::string>(), r["round"].get<int>()});
  }
  REQUIRE_FALSE(expected.empty());

  std::string out;
  REQUIRE(cli({"replay", "--run", kLiveRun, "--rules", (edited / "rules.yaml").string(), "--json"},
              &out) == 0);
  json j = json::parse(out);
  std::set<std::tuple<std::string, std::string, int>> changed;
  for (const auto& c : j["changed"]) {
    changed.insert(
        {c["problem"].get<std::string>(), c["track"].get<std::string>(), c["round"].get<int>()});
    CHECK(c["old_rule"] == "memory_saturated");
    CHECK(c["new_rule"] != "memory_saturated");
  }
  CHECK(changed == expected);
  fs::remove_all(edited);
}

TEST_CASE("the bundled recording covers every knob point of every built-in pool, gated") {
  // CI's offline ablation stands on this: a variant added to a pool without re-recording it
  // would make its rounds end as "not recorded". Re-record with `solver record ... --merge`.
  auto rec = solver::engine::load_recording(kRecording);
  CHECK(rec.chip == "h200");
  const auto chip = *solver::rules::load_chip_table(kSrc + "/rules/chips.yaml").find("h200");
  for (const std::string& p : all_problems()) {
    auto spec = solver::generators::load_problem(kSrc + "/problems/" + p);
    REQUIRE_MESSAGE(rec.problems.count(p), p);
    const auto& rp = rec.problems.at(p);
    CHECK_MESSAGE(rp.spec_hash == solver::engine::problem_spec_hash(spec.file),
                  p << "/problem.yaml changed in what the measurements depend on: re-record it");
    for (const auto& v : spec.variants)
      for (const auto& knobs : solver::generators::enumerate_knobs(spec, v)) {
        std::string key = solver::generators::variant_key(v.id, knobs);
        auto it = rp.variants.find(key);
        REQUIRE_MESSAGE(it != rp.variants.end(), p << " " << key << " is not recorded");
        REQUIRE(it->second.gate);
        CHECK_MESSAGE(it->second.gate->passed(), p << " " << key);
        CHECK(it->second.profile);
        CHECK(it->second.samples_us.size() >= 10);
        // The kernel recorded is the kernel in the tree (source + options).
        CHECK_MESSAGE(solver::generators::resolve(spec, v, knobs, chip).source_hash ==
                          it->second.gate->source_hash,
                      p << " " << key << ": source changed since it was recorded");
      }
  }
}

TEST_CASE("h200-large.json covers every point of every large pool, sweep-gated and timed") {
  // Written by `solver record --sweep` (scripts/gpu/large_pools.sh, run.sh step large_pools).
  if (!fs::exists(kLargeRecording)) {
    MESSAGE("skipped: no " << kLargeRecording << " yet (record it live: run.sh large_pools)");
    return;
  }
  auto rec = solver::engine::load_recording(kLargeRecording);
  CHECK(rec.chip == "h200");
  const auto chip = *solver::rules::load_chip_table(kSrc + "/rules/chips.yaml").find("h200");
  solver::engine::RecordedBackend backend(rec);
  const auto large = all_problems(true);
  CHECK(large.size() >= 4);
  for (const std::string& p : large) {
    auto spec = solver::generators::load_problem(kSrc + "/problems/" + p);
    REQUIRE_MESSAGE(rec.problems.count(p), p);
    const auto& rp = rec.problems.at(p);
    // Every variant of the pool is recorded: a problem.yaml changed since (even by variants
    // added, which `solver record --merge` measures alone: record_merge.h) fails until re-recorded.
    CHECK_MESSAGE(rp.spec_hash == solver::engine::problem_spec_hash(spec.file),
                  p << ": problem.yaml changed since it was recorded (solver record --merge)");
    int passed = 0, own_profiles = 0;
    for (const auto& v : spec.variants) {
      for (const auto& knobs : solver::generators::enumerate_knobs(spec, v)) {
        std::string key = solver::generators::variant_key(v.id, knobs);
        auto it = rp.variants.find(key);
        REQUIRE_MESSAGE(it != rp.variants.end(), p << " " << key << " is not recorded");
        REQUIRE(it->second.gate);
        CHECK_MESSAGE(solver::generators::resolve(spec, v, knobs, chip).source_hash ==
                          it->second.gate->source_hash,
                      p << " " << key << ": source changed since it was recorded");
        if (!it->second.gate->passed()) continue;
        ++passed;
        CHECK(it->second.samples_us.size() >= 5);
        if (it->second.profile) ++own_profiles;
        // Every passing point is served a profile: its own or its neighbour's, said so.
        auto served = backend.profile({p, v.id, knobs});
        CHECK_MESSAGE(served.ok, p << " " << key << ": " << served.detail);
      }
    }
    MESSAGE(p << ": " << passed << " points passed, " << own_profiles << " profiled");
    CHECK(passed >= 1000);
    CHECK(own_profiles >= 1);
  }
}

TEST_CASE("a variant whose kernel changed since the recording is replayed as not recorded") {
  // A copy of the built-in problems with one matmul kernel edited (one comment line).
  fs::path root = fresh_dir("edited-problems");
  fs::create_directories(root);
  fs::copy(kSrc + "/problems", root, fs::copy_options::recursive);
  std::ofstream(root / "matmul" / "coalesced.cu", std::ios::app) << "// edited after recording\n";
  fs::path out = fresh_dir("stale");
  std::ostringstream o, e;
  int rc =
      run_cli({"solver", "run", "--problem", "matmul", "--rounds", "4", "--evolve", "off",
               "--backend", "recorded", "--recording", kRecording, "--problems-dir", root.string(),
               "--rules", kSrc + "/rules/seed.yaml", "--out", out.string(), "--quiet"},
              o, e);
  INFO(e.str());
  REQUIRE(rc == 0);
  CHECK(e.str().find("1 recorded variant(s) changed since they were measured") !=
        std::string::npos);
  CHECK(e.str().find(" coalesced") != std::string::npos);
  // Under the seed rules the first move from naive is coalesced (uncoalesced fires): it must
  // end as not recorded, with the reason, not with the old kernel's numbers.
  std::istringstream ledger(slurp(out / "ledger.jsonl"));
  std::string line;
  std::getline(ledger, line);
  bool seen = false;
  while (std::getline(ledger, line)) {
    json r = json::parse(line);
    if (!r.contains("candidate") || !r["candidate"].is_object()) continue;
    if (r["candidate"].value("key", "") != "coalesced") continue;
    seen = true;
    CHECK(r["outcome"] == "not-recorded");
    CHECK(r.dump().find("kernel source or compile options changed") != std::string::npos);
  }
  CHECK(seen);
  fs::remove_all(out);
  fs::remove_all(root);
}

TEST_CASE("--chip another than the recording's: said up front as the chip, rounds not-recorded") {
  fs::path out = fresh_dir("chip-t4");
  std::ostringstream o, e;
  int rc = run_cli({"solver", "run", "--problem", "matmul", "--rounds", "3", "--evolve", "off",
                    "--backend", "recorded", "--recording", kRecording, "--chip", "t4", "--rules",
                    kSrc + "/rules/rules.yaml", "--out", out.string(), "--quiet"},
                   o, e);
  INFO(e.str());
  REQUIRE(rc == 0);
  CHECK(e.str().find("the chip changed (--chip t4, recorded on h200)") != std::string::npos);
  CHECK(e.str().find("cannot time another chip's compile") != std::string::npos);
  CHECK(e.str().find("changed since they were measured") == std::string::npos);
  std::string ledger = slurp(out / "ledger.jsonl");
  CHECK(ledger.find("\"gate-failed\"") == std::string::npos);
  CHECK(ledger.find("\"not-recorded\"") != std::string::npos);
  fs::remove_all(out);
}

TEST_CASE("a problem the recording lacks is said up front as not recorded") {
  fs::path root = fresh_dir("new-problem");
  fs::create_directories(root);
  fs::copy(kSrc + "/problems/sigmoid", root / "my_sigmoid", fs::copy_options::recursive);
  {
    std::string y = slurp(root / "my_sigmoid" / "problem.yaml");
    y.replace(y.find("name: sigmoid"), 13, "name: my_sigmoid");
    std::ofstream(root / "my_sigmoid" / "problem.yaml", std::ios::trunc) << y;
  }
  fs::path out = fresh_dir("new-problem-run");
  std::ostringstream o, e;
  int rc = run_cli({"solver", "run", "--problem", "my_sigmoid", "--rounds", "2", "--evolve", "off",
                    "--backend", "recorded", "--recording", kRecording, "--problems-dir",
                    root.string(), "--out", out.string(), "--quiet"},
                   o, e);
  INFO(e.str());
  REQUIRE(rc == 0);
  CHECK(e.str().find("not recorded: ") != std::string::npos);
  CHECK(e.str().find("holds no measurements of 'my_sigmoid' (the recorded backend cannot time "
                     "new code)") != std::string::npos);
  CHECK(slurp(out / "ledger.jsonl").find("\"not-recorded\"") != std::string::npos);
  fs::remove_all(out);
  fs::remove_all(root);
}

TEST_CASE(
    "the bundled recording's signals are what the current derivation gives (recording rederive)") {
  // From its raw metrics, unprofiled times, the ceilings it measured and each variant's PTX.
  // If the derivation changes, this fails until `solver recording rederive --write` is run.
  if (!solver::generators::nvrtc_available()) {
    MESSAGE("skipped: built without NVRTC, so the PTX scan behind mma_in_code cannot run");
    return;
  }
  const fs::path& cache = rederive_cache();
  std::ostringstream o, e;
  int rc = run_cli(
      {"solver", "recording", "rederive", kRecording, "--check", "--cache-dir", cache.string()}, o,
      e);
  INFO(o.str() << e.str());
  CHECK(rc == 0);
  // Every recorded point is re-derived (none skipped as stale or unreadable), none changes.
  std::size_t points = 0;
  {
    std::ifstream in(kRecording);
    const nlohmann::json rec = nlohmann::json::parse(in);
    for (const auto& [name, problem] : rec.at("problems").items())
      points += problem.at("variants").size();
  }
  CHECK(points >= 364);
  CHECK(o.str().find(std::to_string(points) + " variants re-derived, 0 signal value(s) change") !=
        std::string::npos);

  // A copy carrying the old counters-only reading of the online softmax is caught, signal by
  // signal, and --write repairs it.
  auto rec = solver::engine::load_recording(kRecording);
  auto& prof = *rec.problems.at("softmax").variants.at("online_vec4[BLOCK=256]").profile;
  prof.signals.set("tensor_active", true);
  prof.signals.values.erase("mma_in_code");
  fs::path copy = fresh_dir("rederive");
  fs::create_directories(copy);
  solver::engine::save_recording(rec, (copy / "h200.json").string());
  std::ostringstream o2, e2;
  CHECK(run_cli({"solver", "recording", "rederive", (copy / "h200.json").string(), "--check",
                 "--cache-dir", cache.string(), "--json"},
                o2, e2) == 1);
  json changes = json::parse(o2.str());
  std::set<std::string> changed;
  for (const auto& row : changes) {
    CHECK(row["variant"] == "online_vec4[BLOCK=256]");
    changed.insert(row["signal"].get<std::string>());
  }
  CHECK(changed == std::set<std::string>{"mma_in_code", "tensor_active"});
  std::ostringstream o3, e3;
  CHECK(run_cli({"solver", "recording", "rederive", (copy / "h200.json").string(), "--write",
                 "--cache-dir", cache.string()},
                o3, e3) == 0);
  auto fixed = solver::engine::load_recording((copy / "h200.json").string());
  CHECK(std::get<bool>(fixed.problems.at("softmax")
                           .variants.at("online_vec4[BLOCK=256]")
                           .profile->signals.get("tensor_active")) == false);
  fs::remove_all(copy);
}

TEST_CASE(
    "recording rederive rebuilds weight and dominant_launch from the launch shares a profile "
    "kept") {
  // A profile made by the current worker keeps the longest launch's index and share with its
  // raw values (profile_op.cpp); older recordings lack them and keep weight 1.
  if (!solver::generators::nvrtc_available()) {
    MESSAGE("skipped: built without NVRTC (rederive scans each variant's PTX)");
    return;
  }
  auto rec = solver::engine::load_recording(kRecording);
  auto& prof = *rec.problems.at("softmax").variants.at("naive").profile;  // three launches
  prof.raw_metrics["solver__dominant_launch"] = 2;
  prof.raw_metrics["solver__dominant_share"] = 0.6;
  fs::path copy = fresh_dir("rederive-shares");
  const fs::path& cache = rederive_cache();
  fs::create_directories(copy);
  solver::engine::save_recording(rec, (copy / "h200.json").string());
  std::ostringstream o, e;
  CHECK(run_cli({"solver", "recording", "rederive", (copy / "h200.json").string(), "--write",
                 "--cache-dir", cache.string()},
                o, e) == 0);
  auto fixed = solver::engine::load_recording((copy / "h200.json").string());
  const auto& sig = fixed.problems.at("softmax").variants.at("naive").profile->signals;
  CHECK(std::get<double>(sig.get("weight")) == doctest::Approx(0.6));
  CHECK(std::get<double>(sig.get("dominant_launch")) == 2.0);
  // A variant whose profile kept no shares stays at weight 1 with no dominant_launch.
  const auto& one = fixed.problems.at("softmax").variants.at("fused").profile->signals;
  CHECK(std::get<double>(one.get("weight")) == 1.0);
  CHECK(solver::rules::is_missing(one.get("dominant_launch")));
  fs::remove_all(copy);
}

TEST_CASE(
    "replaying a live run with its own table changes nothing; evolved decisions are told apart") {
  // The live seed-rules ablation on the H200: on the ON track a rule proposed from softmax's
  // win fired on layernorm. Its own rules.yaml (as written) must change no decision; that
  // round is reported as evolved, not as a change.
  const std::string run = kSrc + "/docs/results/h200-2026-11-29c/ablate-seed";
  std::string out;
  REQUIRE(cli({"replay", "--run", run, "--rules", run + "/rules.yaml", "--json"}, &out) == 0);
  json j = json::parse(out);
  CHECK(j["changed"].empty());
  CHECK(j["evolved"].get<int>() >= 1);
  CHECK(j["decisions"].get<int>() > 30);
}

TEST_CASE("replay --chip t4 lists the decisions the chip changes; --simulate refuses it") {
  fs::path out = fresh_dir("replay-chip");
  std::ostringstream o, e;
  REQUIRE(run_cli({"solver", "--data-dir", kSrc, "ablate", "--problems", "matmul", "--rounds", "4",
                   "--backend", "recorded", "--recording", kRecording, "--out", out.string(),
                   "--quiet"},
                  o, e) == 0);
  std::ostringstream o2, e2;
  int rc = run_cli({"solver", "--data-dir", kSrc, "replay", "--run", out.string(), "--rules",
                    (out / "rules.yaml").string(), "--chip", "t4"},
                   o2, e2);
  INFO(o2.str() << e2.str());
  CHECK(rc == 0);
  // The same table on another chip: every change is the chip's (the TF32 rule is blocked).
  CHECK(o2.str().find("decided as if on t4") != std::string::npos);
  CHECK(o2.str().find("0 of ") != 0);
  CHECK(o2.str().find(" (chip)") != std::string::npos);
  std::ostringstream o3, e3;
  rc = run_cli({"solver", "--data-dir", kSrc, "replay", "--run", out.string(), "--rules",
                (out / "rules.yaml").string(), "--chip", "t4", "--simulate"},
               o3, e3);
  CHECK(rc == 2);
  CHECK(e3.str().find("cannot simulate t4") != std::string::npos);
  fs::remove_all(out);
}
