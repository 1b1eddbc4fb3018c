// Checks shared by the fresh held-out batches' tests (tests/engine/corpus_fresh_test.cpp,
// corpus_fresh11_test.cpp): a batch's labels, attribution and README table, and its compile-only
// `solver problems check` for the H200 with the rows it returns (the compile facts labels rest on).
#pragma once

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli_run.h"
#include "engine/eval/eval_suite.h"
#include "rules/bottlenecks.h"

namespace solver::test::fresh_batch {

inline const std::string& source_dir() {
  static const std::string dir = SOLVER_SOURCE_DIR;
  return dir;
}

inline std::string read_text(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// `solver problems check --compile-only --json` on one problems folder for the H200 (`tag` names
// its compile cache): it must pass, every row unfailed; returns the seed rows by problem (the
// facts labels rest on).
inline std::map<std::string, nlohmann::json> compile_seeds_in(const std::string& dir,
                                                              const std::string& tag) {
  std::filesystem::path cache =
      std::filesystem::temp_directory_path() / ("solver_" + tag + "_compile_cache");
  auto r = solver::test::run_solver({"problems", "check", "--problems-dir", dir, "--compile-only",
                                     "--chip", "h200", "--cache-dir", cache.string(), "--json"});
  INFO(r.err);
  REQUIRE(r.rc == 0);
  nlohmann::json j = nlohmann::json::parse(r.out);
  std::map<std::string, nlohmann::json> seed;
  for (const auto& row : j["rows"]) {
    INFO(row.dump());
    CHECK(row["failed"] == false);
    if (row["variant"] != "(reference)") seed[row["problem"].get<std::string>()] = row;
  }
  CHECK(j["failures"] == 0);
  return seed;
}

// The same on a whole batch folder, tests/<batch>.
inline std::map<std::string, nlohmann::json> compile_seeds(const std::string& batch) {
  return compile_seeds_in(source_dir() + "/tests/" + batch, batch);
}

// The corpora before fresh batch `n` (n >= 2): tests/corpus, tests/corpus_fresh and
// tests/corpus_fresh2 .. corpus_fresh{n-1}, as check_fresh_batch's `earlier`.
inline std::vector<std::string> corpora_before(int n) {
  std::vector<std::string> dirs = {"/tests/corpus", "/tests/corpus_fresh"};
  for (int i = 2; i < n; ++i) dirs.push_back("/tests/corpus_fresh" + std::to_string(i));
  return dirs;
}

// A fresh batch's labels and attribution: names apart from the earlier corpora's, known classes,
// `confirm:` ranges, a README with origin, license and predicted label, at least
// `min_unexplained` `unexplained` kernels (two unless a batch says otherwise) and `min_classes`
// classes.
inline void check_fresh_batch(const engine::LabelledSuite& batch,
                              const std::vector<std::string>& earlier, size_t min_classes,
                              int min_unexplained = 2) {
  std::set<std::string> earlier_names, earlier_entries, classes, entries;
  for (const std::string& dir : earlier)
    for (const auto& k : engine::load_labelled_suite(source_dir() + dir).kernels) {
      earlier_names.insert(k.name);
      earlier_entries.insert(k.entries.begin(), k.entries.end());
    }
  int no_class = 0;
  for (const auto& k : batch.kernels) {
    INFO(k.name);
    CHECK_FALSE(earlier_names.count(k.name));
    for (const auto& e : k.entries) {
      CHECK_MESSAGE(entries.insert(e).second, "kernel name used twice in the batch: ", e);
      CHECK_MESSAGE(!earlier_entries.count(e), "kernel name also in an earlier corpus: ", e);
      CHECK(e.find("_ref") == std::string::npos);
    }
    CHECK(rules::is_known_bottleneck(k.label.bottleneck));
    for (const auto& a : k.label.accept) CHECK(rules::is_known_bottleneck(a));
    CHECK(!k.label.confirm.empty());
    classes.insert(k.label.bottleneck);
    no_class += k.label.bottleneck == "unexplained" ? 1 : 0;
    const std::string readme = read_text(std::filesystem::path(k.dir) / "README.md");
    CHECK(readme.find("origin:") != std::string::npos);
    CHECK(readme.find("license:") != std::string::npos);
    CHECK(readme.find("predicted label") != std::string::npos);
  }
  CHECK(no_class >= min_unexplained);
  CHECK(classes.size() >= min_classes);
}

// The batch's README lists every folder in its table.
inline void check_listed(const std::string& dir, const engine::LabelledSuite& batch) {
  const std::string top = read_text(std::filesystem::path(dir) / "README.md");
  for (const auto& k : batch.kernels)
    CHECK_MESSAGE(top.find("| `" + k.name + "` |") != std::string::npos,
                  "not in the table: ", k.name);
}

}  // namespace solver::test::fresh_batch
