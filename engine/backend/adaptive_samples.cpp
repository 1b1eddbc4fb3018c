#include "engine/backend/adaptive_samples.h"

#include <algorithm>

namespace solver::engine {

double relative_spread(const std::vector<double>& us) {
  if (us.size() < 2) return 0;
  std::vector<double> v = us;
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  double median = n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
  if (!(median > 0)) return 0;
  return (v.back() - v.front()) / median;
}

bool enough_samples(const std::vector<double>& us, const SampleRule& rule) {
  int n = int(us.size());
  if (n >= rule.cap) return true;
  if (n < rule.floor) return false;
  std::vector<double> v = us;
  std::sort(v.begin(), v.end());
  // A zero or negative time is no measurement: never a reason to stop.
  if (!(v.front() > 0)) return false;
  return relative_spread(us) <= rule.rel_spread;
}

}  // namespace solver::engine
