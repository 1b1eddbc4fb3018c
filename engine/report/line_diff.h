// A line diff for the report's "input -> evolved rule table" section. Exact (a longest common
// subsequence) while the two texts are small; beyond that it anchors on the lines that occur
// once in each text (a rule's `- id:` line always does) and diffs only the short gaps between
// anchors exactly, so time and memory grow with the size of the tables, not with its square
// (issue 27 item 7: 8,000 rules took more than 24 GB at the end of a run).
#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace solver::engine {

// The cell budget of the exact table (4 M cells, 16 MB): every bundled rule table fits.
inline constexpr std::size_t kExactDiffCells = std::size_t(1) << 22;

// One entry per line: "  " + line (in both), "- " + line (only in `a`), "+ " + line (only in
// `b`), in order.
std::vector<std::string> line_diff(const std::string& a, const std::string& b);

}  // namespace solver::engine
