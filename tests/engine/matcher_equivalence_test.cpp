// Issue 29: the compiled matcher (rules/rule_program.h) against the matcher as it was
// (tests/rules/reference_matcher.h) on every recorded signal set under tests/data: the
// labelled H200 sets, the real-kernel corpus, every other signal file, and every profiled
// variant of the bundled recordings; under the bundled tables and every chip, whole and with
// each signal in turn left out (the undecided paths). Every result must be the same, bit for
// bit: fired rule, ranked list with evidence, estimates and scores, blocked, outranked and
// undecided rules, evidence values and missing signals; and match into one reused result gives
// the same as a fresh one, and so does the set by id (rules/signal_vector.h). Random tables and
// signal sets: tests/rules/rule_program_test.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "engine/backend/recording.h"
#include "profiling/signal_file.h"
#include "tests/rules/random_rules.h"
#include "tests/rules/reference_matcher.h"

using namespace solver;
using rules::test::difference;

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
  std::vector<std::string> paths;
  for (const auto& e : std::filesystem::recursive_directory_iterator(kSrc + "/tests/data"))
    if (e.is_regular_file() && e.path().extension() == ".json") paths.push_back(e.path());
  std::sort(paths.begin(), paths.end());
  for (const auto& p : paths) {
    if (p.find("/recordings/") != std::string::npos) {
      engine::Recording rec = engine::load_recording(p);
      for (const auto& [problem, pr] : rec.problems)
        for (const auto& [key, v] : pr.variants)
          if (v.profile && !v.profile->signals.values.empty()) {
            out.push_back({p + ": " + problem + "/" + key, v.profile->signals});
            ++profiles;
          }
      continue;
    }
    try {
      out.push_back({p, profiling::load_signal_file(p).signals});
      ++signal_files;
    } catch (const rules::InputError&) {
      // not a signal file (a ledger, an ablation summary, ...)
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
    std::vector<rules::Value> slots(static_cast<std::size_t>(rules::rule_slot_count()));
    // One result reused by match(signals, chip, out) for every classification: what the
    // previous one left in it must never show.
    rules::MatchResult reused;
    for (const Recorded& r : sets) {
      INFO(file << " on " << r.where);
      for (const auto& chip : chips.chips) {
        INFO("chip " << chip.id);
        rules::MatchResult a = now.match(r.signals, chip);
        CHECK(difference(a, before.match(r.signals, chip)) == "");
        now.match(r.signals, chip, reused);
        CHECK(difference(reused, a) == "");
        // By id: a SignalVector of the set, fresh and into the reused result.
        const rules::SignalVector by_id(r.signals);
        CHECK(difference(now.match(by_id, chip), a) == "");
        now.match(by_id, chip, reused);
        CHECK(difference(reused, a) == "");
        rules::bind_signal_slots(r.signals, slots);
        CHECK(difference(now.match_bound(slots, chip), before.match_bound(slots, chip)) == "");
        fired += a.fired != nullptr;
        ++compared;
      }
      // Each signal left out in turn, on the H200.
      for (const auto& [name, value] : r.signals.values) {
        rules::SignalSet less = r.signals;
        less.values.erase(name);
        rules::MatchResult a = now.match(less, *h200);
        INFO("without " << name);
        CHECK(difference(a, before.match(less, *h200)) == "");
        now.match(less, *h200, reused);
        CHECK(difference(reused, a) == "");
        rules::SignalVector less_by_id(r.signals);
        less_by_id.set(name, rules::Value{});  // erased (a name that is no signal: never stored)
        now.match(less_by_id, *h200, reused);
        CHECK(difference(reused, a) == "");
        undecided += static_cast<long>(a.undecided.size());
        ++compared;
      }
    }
  }
  MESSAGE(compared << " classifications compared over " << sets.size() << " recorded sets");
  CHECK(fired > compared / 20);
  CHECK(undecided > 0);
}
