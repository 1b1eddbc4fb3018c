// Issue 29 (the matcher by signal id, rules/signal_vector.h): every signal file recorded under
// tests/data (the labelled H200 sets, the real-kernel corpus, the fresh batches, every other
// signal file) classifies the same by name and by id, fresh and into a reused result, as the
// matcher as it was (tests/rules/reference_matcher.h), bit for bit, under every bundled table
// (rules/*.yaml) and every chip, whole and with each signal in turn left out. Without the
// engine, so it builds with rules/ and profiling/ alone; tests/engine/matcher_equivalence_test
// adds the recordings' profiles.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "tests/profiling/recorded_signal_files.h"
#include "tests/rules/matcher_paths.h"

using namespace solver;

namespace {
const std::string kSrc = SOLVER_SOURCE_DIR;
}  // namespace

TEST_CASE("every recorded signal file classifies the same by id as by name and as before") {
  const auto sets = profiling::test::recorded_signal_files(kSrc + "/tests/data");
  CHECK(sets.size() >= 139);
  const auto fresh = std::count_if(sets.begin(), sets.end(), [](const auto& s) {
    return s.first.find("/corpus_fresh") != std::string::npos;
  });
  CHECK(fresh >= 30);  // the fresh batches are among them

  const rules::ChipTable chips = rules::load_chip_table(kSrc + "/rules/chips.yaml");
  const rules::ChipProfile* h200 = chips.find("h200");
  REQUIRE(h200);
  std::vector<std::string> tables;
  for (const auto& e : std::filesystem::directory_iterator(kSrc + "/rules"))
    if (e.path().extension() == ".yaml" && e.path().filename() != "chips.yaml")
      tables.push_back(e.path());
  std::sort(tables.begin(), tables.end());
  REQUIRE(tables.size() >= 2);
  long compared = 0, fired = 0, undecided = 0;
  for (const auto& file : tables) {
    const rules::RuleTable table = rules::load_rule_table(file);
    rules::Matcher now(table);
    rules::test::ReferenceMatcher before(table);
    rules::MatchResult reused;
    for (const auto& [where, signals] : sets) {
      INFO(file << " on " << where);
      for (const auto& chip : chips.chips) {
        INFO("chip " << chip.id);
        fired += rules::test::check_every_path(now, before, signals, chip, reused).fired != nullptr;
        ++compared;
      }
      for (const auto& [name, value] : signals.values) {
        rules::SignalSet less = signals;
        less.values.erase(name);
        INFO("without " << name);
        undecided += static_cast<long>(
            rules::test::check_every_path(now, before, less, *h200, reused).undecided.size());
        ++compared;
      }
    }
  }
  MESSAGE(compared << " classifications compared over " << sets.size() << " signal files");
  CHECK(fired > compared / 20);
  CHECK(undecided > 0);
}
