// Which launch of a multi-launch variant dominates its profiled time, and by how much. The
// profile of a variant covers all its launches (one run of the problem); the rules' resource
// signals already speak for the longest launch (its registers, shared memory, grid), so its
// share of the run is the `weight` that rules read and its index (`dominant_launch`) is what
// lets the generator aim a rewrite at it (generators/candidate.h). A pure function of the
// per-launch durations so that it is tested without a GPU.
#pragma once
#include <cstddef>
#include <optional>
#include <vector>

namespace solver::profiling {

struct LaunchShare {
  std::size_t index = 0;  // position in the variant's launch list (first of equal maxima)
  double share = 1.0;     // its duration over the sum of all durations, 0..1
};

// nullopt when there is nothing to weigh: no launches, a negative or non-finite duration, or
// a total of zero (a profiler that timed nothing says nothing about shares).
std::optional<LaunchShare> dominant_launch(const std::vector<double>& durations);

}  // namespace solver::profiling
