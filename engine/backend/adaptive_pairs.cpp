#include "engine/backend/adaptive_pairs.h"

#include <algorithm>
#include <cmath>

#include <boost/math/distributions/normal.hpp>

#include "engine/backend/paired_verdict.h"

namespace solver::engine {

double pair_log_spread(const std::vector<double>& incumbent_us,
                       const std::vector<double>& candidate_us, int n) {
  std::vector<double> l;
  const size_t m = std::min(incumbent_us.size(), candidate_us.size());
  for (size_t i = 0; i < m && int(i) < n; ++i) {
    const double a = incumbent_us[i], b = candidate_us[i];
    if (a > 0 && b > 0 && std::isfinite(a) && std::isfinite(b)) l.push_back(std::log(a / b));
  }
  if (l.size() < 2) return 0;
  const double c = median(l);
  for (double& x : l) x = std::fabs(x - c);
  return 1.4826 * median(l);
}

std::optional<AdaptiveCap> adaptive_cap(const std::vector<double>& incumbent_us,
                                        const std::vector<double>& candidate_us,
                                        const PairPlan& plan) {
  const int pilot = std::max(kMinPairs, plan.first_look);
  if (int(std::min(incumbent_us.size(), candidate_us.size())) < pilot) return std::nullopt;
  AdaptiveCap c;
  c.spread = pair_log_spread(incumbent_us, candidate_us, pilot);
  const boost::math::normal z;
  const double q =
      boost::math::quantile(z, 1 - plan.look_alpha() / 2) + boost::math::quantile(z, kCapPower);
  const double shift = std::log(1 + 2 * std::max(plan.min_gain, 0.005));
  c.needed = kCapSafety * std::pow(q * 1.2533 * c.spread / shift, 2);
  const std::vector<int> ladder = plan.looks();
  c.cap = ladder.back();
  for (int n : ladder)
    if (n >= c.needed) {
      c.cap = n;
      break;
    }
  for (int n : ladder)
    if (n <= c.cap) c.looks.push_back(n);
  if (int(c.looks.size()) > kAdaptiveLooks)
    c.looks.erase(c.looks.begin(), c.looks.end() - kAdaptiveLooks);
  return c;
}

}  // namespace solver::engine
