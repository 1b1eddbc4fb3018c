#include "engine/backend/tail_charge.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include <boost/math/distributions/binomial.hpp>

#include "engine/backend/paired_verdict.h"

namespace solver::engine {

double tail_unseen_probability(int n, double p) {
  if (n <= 0) return 1;
  if (p <= 0) return 1;
  if (p >= 1) return n <= 1 ? 1 : 0;
  const double q = std::pow(1 - p, n - 1);
  return q * (1 - p) + double(n) * p * q;
}

int tail_runs_needed(double p_min, double alpha) {
  int n = 1;
  while (n < 100000 && tail_unseen_probability(n, p_min) > alpha) ++n;
  return n;
}

double share_upper_bound(int k, int n, double beta) {
  if (n <= 0) return 1;
  if (k >= n) return 1;
  namespace bm = boost::math;
  return bm::binomial_distribution<double>::find_upper_bound_on_p(double(n), double(k), beta);
}

ArmTail arm_tail(const std::vector<std::vector<double>>& series, bool upper) {
  ArmTail a;
  std::vector<double> bulk, exc;
  for (const auto& s : series) {
    std::vector<double> v;
    for (double x : s)
      if (x > 0 && std::isfinite(x)) v.push_back(x);
    if (v.size() < 3) continue;
    const double m = median(v);
    for (double x : v) (x / m > 1 + kExcursion ? exc : bulk).push_back(x / m);
  }
  a.runs = int(bulk.size() + exc.size());
  a.excursions = int(exc.size());
  if (!bulk.empty()) {
    double s = 0;
    for (double r : bulk) s += r;
    a.bulk_mean = s / double(bulk.size());
  }
  if (!exc.empty()) {
    std::sort(exc.begin(), exc.end());
    a.largest = exc.back();
    exc.pop_back();  // forgiven: a one-off stall, in either arm
  }
  if (!exc.empty()) {
    double s = 0;
    for (double r : exc) s += r - a.bulk_mean;
    a.excess = s / double(exc.size());
    a.rate = upper ? share_upper_bound(a.excursions, a.runs) : double(exc.size()) / a.runs;
  }
  a.expected = a.bulk_mean + a.rate * a.excess;
  return a;
}

TailVerdict tail_verdict(const std::vector<std::vector<double>>& candidate_series,
                         const std::vector<std::vector<double>>& incumbent_series,
                         double candidate_median_us, double incumbent_median_us, bool tie) {
  TailVerdict t;
  t.candidate = arm_tail(candidate_series, true);
  t.incumbent = arm_tail(incumbent_series, false);
  t.unseen_bound = tail_unseen_probability(t.candidate.runs, kTailPMin);
  std::ostringstream why;
  why.precision(4);
  if (!(candidate_median_us > 0) || !(incumbent_median_us > 0) || t.candidate.runs == 0) {
    t.reason = "no paired medians or no timed runs: the total is not judged";
    return t;
  }
  t.expected_ratio =
      incumbent_median_us * t.incumbent.expected / (candidate_median_us * t.candidate.expected);
  t.cheaper = tie ? t.expected_ratio >= kTieMeanFloor : t.expected_ratio > 1.0;
  why << "over " << t.candidate.runs << " timed runs of the candidate (" << t.candidate.excursions
      << " above " << 1 + kExcursion << " x their series' median, the largest forgiven; charged "
      << "share " << t.candidate.rate << " x excess " << t.candidate.excess << ") and "
      << t.incumbent.runs << " of the incumbent (" << t.incumbent.excursions
      << "): expected-time ratio " << t.expected_ratio
      << (t.cheaper ? ""
          : tie     ? ", more than 1% dearer in total"
                    : ", not cheaper in total")
      << " (P10t; a tail of share >= " << kTailPMin << " is seen twice with probability "
      << 1 - t.unseen_bound << ")";
  t.reason = why.str();
  return t;
}

}  // namespace solver::engine
