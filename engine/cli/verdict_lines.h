// Where in the code (issue 31): a verdict's hottest source lines with their stall mix, from the
// profile's PC sampling, printed under `solver classify` and carried in its --json, and the
// citation of the verdict's evidence line.
#pragma once
#include <iosfwd>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "profiling/pc_lines.h"
#include "rules/matcher.h"

namespace solver::cli {

// The names of the fired rule's evidence signals (empty when nothing fired).
std::vector<std::string> evidence_names(const rules::MatchResult& m);
// "long_scoreboard 81%, selected 9%, barrier 4%" (at most `n` reasons, largest first).
std::string stall_mix(const profiling::LineSamples& l, size_t n = 3);
// The "lines:" block of the text verdict (the top `n` lines), the citation and the causes.
void print_pc_lines(std::ostream& out, const profiling::PcSampling& s, const rules::MatchResult& m,
                    size_t n = 5);
// {"pc_sampling": {...}, "citation": "..."} members for a verdict's JSON.
void add_pc_json(nlohmann::json& j, const profiling::PcSampling& s, const rules::MatchResult& m);

}  // namespace solver::cli
