// Tests on REAL H200 data: the bundled recording (tests/data/recordings/h200.json, the
// measurements of a live ablation on the H200) and that live run's directory
// (docs/results/h200-2026-11-29/ablate-live-default). No GPU needed.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <tuple>

#include <nlohmann/json.hpp>

#include "engine/cli/command.h"
#include "engine/recording.h"

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

fs::path fresh_dir(const std::string& name) {
  fs::path d = fs::temp_directory_path() / ("solver-h200-" + name + "-" + std::to_string(::getpid()));
  fs::remove_all(d);
  return d;
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

TEST_CASE("offline ablate on the bundled H200 recording: says so, deterministic, only recorded numbers") {
  const std::string problems = "softmax,layernorm,reduce,matmul_scalar";
  fs::path a = fresh_dir("a"), b = fresh_dir("b");
  std::string out_a;
  REQUIRE(cli({"ablate", "--problems", problems, "--rounds", "12", "--backend", "recorded",
               "--recording", kRecording, "--out", a.string(), "--quiet"}, &out_a) == 0);
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
  for (const char* p : {"softmax", "layernorm", "reduce", "matmul_scalar"})
    CHECK(dump.find(p) != std::string::npos);
  std::string html = slurp(a / "report.html");
  CHECK(html.find("<svg") != std::string::npos);
  // Self-contained: nothing fetched from elsewhere (the SVG namespace URI is not a fetch).
  for (const char* ext : {"src=\"http", "href=\"http", "<link", "@import", "url(http"})
    CHECK(html.find(ext) == std::string::npos);
  fs::remove_all(a);
  fs::remove_all(b);
}

TEST_CASE("replaying the live H200 run with one edited threshold changes exactly the decisions it should") {
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
      expected.insert({r["problem"].get<std::string>(), r["track"].get<std::string>(), r["round"].get<int>()});
  }
  REQUIRE_FALSE(expected.empty());

  std::string out;
  REQUIRE(cli({"replay", "--run", kLiveRun, "--rules", (edited / "rules.yaml").string(), "--json"},
              &out) == 0);
  json j = json::parse(out);
  std::set<std::tuple<std::string, std::string, int>> changed;
  for (const auto& c : j["changed"]) {
    changed.insert({c["problem"].get<std::string>(), c["track"].get<std::string>(), c["round"].get<int>()});
    CHECK(c["old_rule"] == "memory_saturated");
    CHECK(c["new_rule"] != "memory_saturated");
  }
  CHECK(changed == expected);
  fs::remove_all(edited);
}
