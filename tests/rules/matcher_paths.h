// Every entry of the matcher on one signal set under one chip, held to the matcher as it was
// (reference_matcher.h), bit for bit: by name (fresh, and into a reused result), by id (a
// SignalVector of the set, fresh, into the reused result and through prepare / match_prepared) and,
// when asked, match_bound on the set's bound slots. Shared by the tests that walk the recorded
// signal sets (tests/engine/matcher_equivalence_test, tests/profiling/matcher_by_id_recorded_test).
#pragma once
#include <doctest/doctest.h>

#include <vector>

#include "rules/matcher.h"
#include "rules/signal_vector.h"
#include "tests/rules/random_rules.h"
#include "tests/rules/reference_matcher.h"

namespace solver::rules::test {

// Returns the fresh by-name result (for the caller's counts). `reused` is one result reused
// across calls: what an earlier classification left in it must never show.
inline MatchResult check_every_path(Matcher& now, ReferenceMatcher& before, const SignalSet& s,
                                    const ChipProfile& chip, MatchResult& reused,
                                    bool bound = false) {
  MatchResult a = now.match(s, chip);
  CHECK(difference(a, before.match(s, chip)) == "");
  now.match(s, chip, reused);
  CHECK(difference(reused, a) == "");
  const SignalVector by_id(s);
  CHECK(difference(now.match(by_id, chip), a) == "");
  now.match(by_id, chip, reused);
  CHECK(difference(reused, a) == "");
  now.prepare(chip);  // the batch entry, for one set
  now.match_prepared(by_id, reused);
  CHECK(difference(reused, a) == "");
  if (bound) {
    std::vector<Value> slots(static_cast<std::size_t>(rule_slot_count()));
    bind_signal_slots(s, slots);
    CHECK(difference(now.match_bound(slots, chip), before.match_bound(slots, chip)) == "");
  }
  return a;
}

}  // namespace solver::rules::test
