#include "profiling/launch_share.h"

#include <cmath>

namespace solver::profiling {

std::optional<LaunchShare> dominant_launch(const std::vector<double>& durations) {
  double total = 0;
  LaunchShare best;
  double best_d = -1;
  for (std::size_t i = 0; i < durations.size(); ++i) {
    const double d = durations[i];
    if (!std::isfinite(d) || d < 0) return std::nullopt;
    total += d;
    if (d > best_d) best_d = d, best.index = i;
  }
  if (durations.empty() || !(total > 0)) return std::nullopt;
  best.share = best_d / total;
  return best;
}

}  // namespace solver::profiling
