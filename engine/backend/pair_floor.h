// The physical floor on every run a paired verdict reads its speed from (docs/reliability.md,
// red team 19's residual of P6d/P6e): the candidate's median on the timed pairs and, where they
// ran, on the law pairs must each stay at or above 70% of the floor. A kernel faster than the
// physics anywhere is a defect (too_fast), not a win: before this, the law pairs' times were read
// by the verdict without the floor, so a candidate under the floor on law data alone passed.
// Pure host code: the worker (timing.cpp, law_pairs.cpp) calls it with its floor (floor_us).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "engine/backend/backend.h"

namespace solver::engine {

// The median the floor is held to: the upper median of `us` (0 for none).
double floor_median(const std::vector<double>& us);
// Whether a median is under the floor: below kFloorMargin x floor_us (30% margin: measured
// ceilings are not exact peaks, and the floor counts compulsory bytes). A floor of 0 (unknown)
// or a median of 0 (no times) is never under.
constexpr double kFloorMargin = 0.7;
bool under_floor(double median_us, double floor_us);

// The first of the candidate's sequences in `s` whose median is under the floor: "paired
// timing" (candidate_us), then "the law pairs" (law_candidate_us, where present).
struct FloorBreach {
  std::string where;
  double median_us = 0;
};
std::optional<FloorBreach> pair_floor_breach(const PairSamples& s, double floor_us);

}  // namespace solver::engine
