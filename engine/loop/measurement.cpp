#include "engine/loop/measurement.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "rules/enum_names.h"

namespace solver::engine {

TimingConsistency timing_consistency(const std::vector<double>& gate_us,
                                     const std::vector<double>& paired_us,
                                     const std::vector<double>& incumbent_us) {
  TimingConsistency t;
  auto valid = [](const std::vector<double>& v) {
    std::vector<double> out;
    for (double x : v)
      if (x > 0 && std::isfinite(x)) out.push_back(x);
    return out;
  };
  std::vector<double> g = valid(gate_us), p = valid(paired_us);
  if (g.size() < 3 || p.size() < 3) {
    t.reason = "too few samples to compare the gate's time with the paired time";
    return t;
  }
  const double gm = median(g), pm = median(p);
  t.ratio = gm / pm;
  t.allowed = std::max(kTimingSlack, 4.0 * relative_iqr(valid(incumbent_us)));
  t.consistent = t.ratio <= 1.0 + t.allowed && t.ratio >= 1.0 / (1.0 + t.allowed);
  std::ostringstream why;
  why.precision(4);
  why << "gate median " << gm << " us, paired median " << pm << " us: ratio " << t.ratio
      << (t.consistent ? " within" : " outside") << " [" << 1.0 / (1.0 + t.allowed) << ", "
      << 1.0 + t.allowed << "]";
  t.reason = why.str();
  return t;
}

}  // namespace solver::engine
