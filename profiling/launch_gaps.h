// launch_gap_frac from kernel intervals: the share of a run's GPU span (first kernel start to
// last kernel end) in which no kernel executed. Overlapping kernels (streams) count once.
// Pure host code, so the live worker's number is testable without a GPU.
#pragma once
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace solver::profiling {

// `intervals`: (start, end) per kernel of one run, any order, any time unit. nullopt when the
// span is empty (no kernel, or all of zero length).
std::optional<double> idle_fraction(std::vector<std::pair<uint64_t, uint64_t>> intervals);

}  // namespace solver::profiling
