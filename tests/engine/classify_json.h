// What the fresh batches' rule tests (fresh_rules_test, fresh2/3/4_rules_test) share: a recorded
// signal file read as JSON, `solver classify --json` of an edited copy with the default rule
// table, the fields of its first verdict, and `solver eval` of a whole batch.
#pragma once
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "cli_run.h"

namespace solver::test {

// DIR/KERNEL.json, a signal file of a fresh batch's recording.
inline nlohmann::json signal_file(const std::string& dir, const std::string& kernel) {
  std::ifstream in(dir + "/" + kernel + ".json");
  REQUIRE(in.good());
  return nlohmann::json::parse(in);
}

// classify --json of `file` on `chip` (the H200 unless named) with rules/rules.yaml; the first
// verdict. `name` keeps the temporary file of each caller apart.
inline nlohmann::json classify_signals(const nlohmann::json& file, const std::string& name,
                                       const std::string& chip = "h200") {
  const std::string src = SOLVER_SOURCE_DIR;
  std::filesystem::path p =
      std::filesystem::temp_directory_path() / ("solver_classify_json_" + name + ".json");
  std::ofstream(p) << file.dump();
  auto r = run_solver({"classify", "--signals", p.string(), "--chip", chip, "--rules",
                       src + "/rules/rules.yaml", "--json"});
  std::filesystem::remove(p);
  REQUIRE_MESSAGE(r.rc == 0, r.err);
  return nlohmann::json::parse(r.out)["verdicts"][0];
}

inline std::string fired_rule(const nlohmann::json& v) {
  return v["fired"].is_object() ? v["fired"]["id"].get<std::string>() : "nothing";
}

inline std::string fired_bottleneck(const nlohmann::json& v) {
  return v["fired"].is_object() ? v["fired"]["bottleneck"].get<std::string>() : "nothing";
}

// The estimate a rule was ranked with, or -1 when it did not rank.
inline double ranked_estimate(const nlohmann::json& v, const std::string& id) {
  for (const auto& r : v["ranked"])
    if (r["id"] == id) return r["estimate"].get<double>();
  return -1.0;
}

// `solver eval --suite SUITE --signals-dir SIGNALS --json` with the default rule table: how many
// cases, how many it got right, and the rule each kernel fired ("nothing" where none did).
struct SuiteEval {
  int total = 0;
  int correct = 0;
  std::map<std::string, std::string> fired;
  nlohmann::json cases;
};

inline SuiteEval eval_suite(const std::string& suite, const std::string& signals_dir) {
  auto r = run_solver({"eval", "--suite", suite, "--signals-dir", signals_dir, "--json"});
  REQUIRE_MESSAGE(r.rc == 0, r.err);
  const auto j = nlohmann::json::parse(r.out);
  SuiteEval e;
  e.total = j["total"].get<int>();
  e.cases = j["cases"];
  for (const auto& c : e.cases) {
    e.correct += c["correct"].get<bool>() ? 1 : 0;
    e.fired[c["kernel"].get<std::string>()] =
        c["fired"].is_null() ? "nothing" : c["fired"].get<std::string>();
  }
  return e;
}

inline double signal_value(const nlohmann::json& f, const std::string& name) {
  return f["signals"][name].get<double>();
}

}  // namespace solver::test
