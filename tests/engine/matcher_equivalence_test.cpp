// Issue 29: the compiled matcher (rules/rule_program.h) against the matcher as it was
// (tests/rules/reference_matcher.h) on every recorded signal set under tests/data: the
// labelled H200 sets, the real-kernel corpus, every other signal file, and every profiled
// variant of the bundled recordings; under the bundled tables and every chip, whole and with
// each signal in turn left out (the undecided paths). Every result must be the same, bit for
// bit: fired rule, ranked list with evidence, estimates and scores, blocked, outranked and
// undecided rules, evidence values and missing signals; and match into one reused result gives
// the same as a fresh one, and so does the set by id (rules/signal_vector.h; every entry:
// tests/rules/matcher_paths.h). The signal files alone, without the engine:
// tests/profiling/matcher_by_id_recorded_test. Random tables and signal sets:
// tests/rules/rule_program_test.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "engine/backend/recording.h"
#include "tests/profiling/recorded_signal_files.h"
#include "tests/rules/matcher_paths.h"

using namespace solver;

namespace {

const std::string kSrc = SOLVER_SOURCE_DIR;

struct Recorded {
  std::string where;
  rules::SignalSet signals;
};

// Every signal set recorded under tests/data: signal files (any .json that loads as one) and
// the profiles of every recording.
std::vector<Recorded> recorded_sets(int& signal_files, int& profiles) {
  std::vector<Recorded> out;
  std::vector<std::string> recordings;
  for (auto& [path, signals] :
       profiling::test::recorded_signal_files(kSrc + "/tests/data", &recordings)) {
    out.push_back({path, std::move(signals)});
    ++signal_files;
  }
  for (const auto& p : recordings) {
    engine::Recording rec = engine::load_recording(p);
    for (const auto& [problem, pr] : rec.problems)
      for (const auto& [key, v] : pr.variants)
        if (v.profile && !v.profile->signals.values.empty()) {
          out.push_back({p + ": " + problem + "/" + key, v.profile->signals});
          ++profiles;
        }
  }
  return out;
}

}  // namespace

TEST_CASE("every recorded signal set classifies exactly as before the compiled rule program") {
  int signal_files = 0, profiles = 0;
  const std::vector<Recorded> sets = recorded_sets(signal_files, profiles);
  // The labelled sets, the corpus and the bundled recording are all there.
  CHECK(signal_files >= 139);
  CHECK(profiles >= 100);

  const rules::ChipTable chips = rules::load_chip_table(kSrc + "/rules/chips.yaml");
  const rules::ChipProfile* h200 = chips.find("h200");
  REQUIRE(h200);
  long compared = 0, fired = 0, undecided = 0;
  for (const char* file : {"/rules/rules.yaml", "/rules/seed.yaml"}) {
    const rules::RuleTable table = rules::load_rule_table(kSrc + file);
    rules::Matcher now(table);
    rules::test::ReferenceMatcher before(table);
    // One result reused for every classification: what the previous one left in it must
    // never show.
    rules::MatchResult reused;
    for (const Recorded& r : sets) {
      INFO(file << " on " << r.where);
      for (const auto& chip : chips.chips) {
        INFO("chip " << chip.id);
        const rules::MatchResult a =
            rules::test::check_every_path(now, before, r.signals, chip, reused, true);
        fired += a.fired != nullptr;
        ++compared;
      }
      // Each signal left out in turn, on the H200.
      for (const auto& [name, value] : r.signals.values) {
        rules::SignalSet less = r.signals;
        less.values.erase(name);
        INFO("without " << name);
        const rules::MatchResult a =
            rules::test::check_every_path(now, before, less, *h200, reused);
        undecided += static_cast<long>(a.undecided.size());
        ++compared;
      }
    }
  }
  MESSAGE(compared << " classifications compared over " << sets.size() << " recorded sets");
  CHECK(fired > compared / 20);
  CHECK(undecided > 0);
}
