#include "engine/measurement.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "rules/enum_names.h"

namespace solver::engine {

const char* to_string(Verdict v) {
  switch (v) {
    case Verdict::Faster: return "faster";
    case Verdict::Slower: return "slower";
    case Verdict::Same: return "same";
    case Verdict::Ambiguous: return "ambiguous";
  }
  return nullptr;  // not an enumerator (rules/enum_names.h)
}

std::optional<Verdict> verdict_from_string(std::string_view s) { return rules::parse_enum<Verdict>(s); }

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

double relative_iqr(std::vector<double> v) {
  if (v.size() < 4) return 0;
  std::sort(v.begin(), v.end());
  const double q1 = v[v.size() / 4], q3 = v[(3 * v.size()) / 4];
  const double m = median(v);
  return m > 0 ? (q3 - q1) / m : 0;
}

// Largest k with P(Binomial(n, 1/2) <= k) <= 0.025: the median lies between the (k+1)-th
// smallest and the (k+1)-th largest value with probability >= 95%, whatever the distribution.
std::pair<int, int> median_ci_ranks(int n) {
  if (n <= 0) return {0, 0};
  double cdf = 0;
  int k = -1;
  // P(X = i) computed in log space to stay exact enough for n up to thousands.
  for (int i = 0; i <= n; ++i) {
    const double log_p = std::lgamma(n + 1.0) - std::lgamma(i + 1.0) - std::lgamma(n - i + 1.0) -
                         n * std::log(2.0);
    cdf += std::exp(log_p);
    if (cdf > 0.025) break;
    k = i;
  }
  if (k < 0) return {0, n - 1};  // too few values for a 95% interval: the full range
  return {k + 1, n - 2 - k};
}

PairedDecision decide(const PairSamples& samples, double min_gain) {
  PairedDecision d;
  const std::size_t n = std::min(samples.incumbent_us.size(), samples.candidate_us.size());
  for (std::size_t i = 0; i < n; ++i) {
    const double inc = samples.incumbent_us[i], cand = samples.candidate_us[i];
    if (inc > 0 && cand > 0 && std::isfinite(inc) && std::isfinite(cand))
      d.ratios.push_back(inc / cand);
  }
  d.incumbent_median_us = median(samples.incumbent_us);
  d.candidate_median_us = median(samples.candidate_us);
  d.incumbent_spread = relative_iqr(samples.incumbent_us);
  std::ostringstream why;
  if (static_cast<int>(d.ratios.size()) < kMinPairs) {
    why << d.ratios.size() << " valid pairs, fewer than " << kMinPairs;
    d.reason = why.str();
    return d;
  }
  std::vector<double> sorted = d.ratios;
  std::sort(sorted.begin(), sorted.end());
  d.median_ratio = median(sorted);
  const auto [lo_rank, hi_rank] = median_ci_ranks(static_cast<int>(sorted.size()));
  d.ci_low = sorted[lo_rank];
  d.ci_high = sorted[hi_rank];

  const double up = 1.0 + min_gain, down = 1.0 / up;
  why.precision(4);
  why << "median ratio " << d.median_ratio << ", 95% CI [" << d.ci_low << ", " << d.ci_high
      << "] over " << sorted.size() << " pairs, min gain " << min_gain;
  if (d.median_ratio >= up && d.ci_low > 1.0) {
    d.verdict = Verdict::Faster;
  } else if (d.median_ratio <= down && d.ci_high < 1.0) {
    d.verdict = Verdict::Slower;
  } else if (d.median_ratio > down && d.median_ratio < up && d.ci_low >= down * down &&
             d.ci_high <= up * up) {
    d.verdict = Verdict::Same;
  } else {
    d.verdict = Verdict::Ambiguous;
    why << ": interval too wide to decide";
  }
  d.reason = why.str();
  return d;
}

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
