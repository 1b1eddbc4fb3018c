// The report's annotated source listing (issue 31): for each problem and track, the hottest source
// lines of the latest incumbent whose profile had PC samples (the ledger's `incumbent_lines`,
// docs/pc_sampling.md), each with its line number, its text, its share of the kernel's samples,
// its stall mix and the instruction a stall there waits on (the producer walk, heuristic), and
// the verdict's citation above. Kept apart from report_html.cpp, which calls it once.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/loop/ledger.h"

namespace solver::engine {

// One row of the listing, as the report shows it (so the test reads what is drawn).
struct HotLineRow {
  std::string where;  // "naive.cu:11", or "kernel+0x1f0" without a line
  int line = 0;
  std::string text;
  double share = 0;       // of the kernel's samples
  std::string stall_mix;  // "long_scoreboard 90%, selected 6%, wait 3%" (≥ 1%, at most 4)
  std::string waits_on;   // "long_scoreboard <- `LDG.E R4, ...` (naive.cu:11)"; "" without one
};

// The rows of one `incumbent_lines` object (lines_summary_json's form), in its order (most
// samples first), at most `n`. Malformed entries are skipped (the ledger reader checked the
// object's shape).
std::vector<HotLineRow> hot_line_rows(const nlohmann::json& incumbent_lines, size_t n = 5);

// The report's section ("" when no record has samples): per problem and track, the round of
// the latest incumbent with samples, its kernel, the citation and the rows.
std::string hot_lines_html(const std::vector<RoundRecord>& records);

}  // namespace solver::engine
