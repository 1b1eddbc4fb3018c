// A round's verdict as the report shows it (issue 29): the fired rule and, when the next
// measurement could change it, its runner-up (rules/verdict_tie.h, MatchRecord::Tie).
#pragma once
#include <string>

#include "engine/loop/ledger.h"

namespace solver::engine {

// Plain text, not escaped (the caller escapes it like every other text of the report):
// "dependent_load_latency (tie: scalar_loads_bandwidth_bound [dram_bandwidth], margin 0.16)";
// with tie_unexplained also "tie: no rule explains this". The fired rule alone without a tie,
// "" when nothing fired.
std::string verdict_text(const MatchRecord& m);

}  // namespace solver::engine
