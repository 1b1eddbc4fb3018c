// A round's `match` record (issue 29): what the matcher decided, as the ledger keeps it, with
// the tie of a verdict the next measurement could change (rules/verdict_tie.h).
#pragma once
#include <nlohmann/json.hpp>

#include "engine/backend/json_util.h"
#include "engine/loop/ledger.h"
#include "rules/matcher.h"

namespace solver::engine {

// The record of a finished match: the fired rule, its evidence, the blocked, outranked and
// ranked rules, the missing signals, and the tie when there is one.
MatchRecord match_record(const rules::MatchResult& m);

// Adds the tie members to `match` (the record's "match" object): "tie" {rule, bottleneck,
// margin} and "tie_unexplained": true, each only when set, so a round without a tie (and every
// ledger written before ties) keeps its shape.
void tie_to_json(const MatchRecord& r, nlohmann::json& match);

// Reads the tie members of `match` into `r` (absent: no tie). A tie that is not an object, lacks
// its rule, class or margin, has a margin outside [-1, 1], or stands beside no fired rule is an
// error at /match/tie (or /match/tie_unexplained).
void tie_from_json(JsonChecker& c, const nlohmann::json& match, MatchRecord& r);

}  // namespace solver::engine
