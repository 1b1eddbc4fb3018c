#include "profiling/launch_gaps.h"

#include <algorithm>

namespace solver::profiling {

std::optional<double> idle_fraction(std::vector<std::pair<uint64_t, uint64_t>> intervals) {
  if (intervals.empty()) return std::nullopt;
  std::sort(intervals.begin(), intervals.end());
  uint64_t first = intervals.front().first, last = first, covered = 0;
  uint64_t cur_start = intervals.front().first, cur_end = intervals.front().second;
  for (const auto& [start, end] : intervals) {
    last = std::max(last, end);
    if (start > cur_end) {  // a gap: close the merged interval
      covered += cur_end - cur_start;
      cur_start = start;
      cur_end = end;
    } else {
      cur_end = std::max(cur_end, end);
    }
  }
  covered += cur_end - cur_start;
  if (last <= first) return std::nullopt;
  return 1.0 - double(covered) / double(last - first);
}

}  // namespace solver::profiling
