#include "engine/backend/pair_floor.h"

#include <algorithm>

namespace solver::engine {

double floor_median(const std::vector<double>& us) {
  if (us.empty()) return 0;
  std::vector<double> times = us;
  std::nth_element(times.begin(), times.begin() + std::ptrdiff_t(times.size() / 2), times.end());
  return times[times.size() / 2];
}

bool under_floor(double median_us, double floor_us) {
  return floor_us > 0 && median_us > 0 && median_us < kFloorMargin * floor_us;
}

std::optional<FloorBreach> pair_floor_breach(const PairSamples& s, double floor_us) {
  const double timed = floor_median(s.candidate_us);
  if (under_floor(timed, floor_us)) return FloorBreach{"paired timing", timed};
  const double law = floor_median(s.law_candidate_us);
  if (under_floor(law, floor_us)) return FloorBreach{"the law pairs", law};
  return std::nullopt;
}

}  // namespace solver::engine
