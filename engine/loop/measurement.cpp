#include "engine/loop/measurement.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "rules/enum_names.h"

namespace solver::engine {

namespace {

std::vector<double> valid_times(const std::vector<double>& v) {
  std::vector<double> out;
  for (double x : v)
    if (x > 0 && std::isfinite(x)) out.push_back(x);
  return out;
}

}  // namespace

double robust_log_spread(const std::vector<double>& us) {
  std::vector<double> v = valid_times(us);
  if (v.size() < 2) return 0;
  const double m = median(v);
  std::vector<double> dev;
  for (double x : v) dev.push_back(std::fabs(x - m));
  return 1.4826 * median(dev) / m;
}

TimingConsistency timing_consistency(const std::vector<double>& gate_us,
                                     const std::vector<double>& paired_us) {
  TimingConsistency t;
  std::vector<double> g = valid_times(gate_us), p = valid_times(paired_us);
  if (g.size() < 3 || p.size() < 3) {
    t.reason = "too few samples to compare the gate's time with the paired time";
    return t;
  }
  const double gm = median(g), pm = median(p);
  const double sg = std::min(kSpreadCap, robust_log_spread(g));
  const double sp = std::min(kSpreadCap, robust_log_spread(p));
  const double se = 1.2533 * std::sqrt(sg * sg / double(g.size()) + sp * sp / double(p.size()));
  t.ratio = gm / pm;
  t.allowed = kPlacementFloor + kConsistencyZ * se;
  t.consistent = std::fabs(std::log(t.ratio)) <= t.allowed;
  std::ostringstream why;
  why.precision(4);
  why << "gate median " << gm << " us, paired median " << pm << " us: ratio " << t.ratio
      << (t.consistent ? " within" : " outside") << " [" << std::exp(-t.allowed) << ", "
      << std::exp(t.allowed) << "] (placement floor " << kPlacementFloor << " + " << kConsistencyZ
      << " x the medians' standard error " << se << ", on ln t)";
  t.reason = why.str();
  return t;
}

PairedDecision on_separate_buffers(PairedDecision verdict, std::optional<bool> shared_buffers) {
  if (verdict.verdict != Verdict::Faster || !shared_buffers || *shared_buffers) return verdict;
  if (verdict.median_ratio >= kSeparateBuffersMinRatio) return verdict;
  std::ostringstream why;
  why.precision(4);
  why << verdict.reason << "; the pairs ran on separate allocations (the members' buffer "
      << "layouts differ), where placement alone has made identical arms ~1-2% apart: a median "
      << "ratio below " << kSeparateBuffersMinRatio << " is not a gain (red team 34)";
  verdict.verdict = Verdict::Ambiguous;
  verdict.reason = why.str();
  return verdict;
}

}  // namespace solver::engine
