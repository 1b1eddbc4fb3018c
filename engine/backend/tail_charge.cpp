#include "engine/backend/tail_charge.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include <boost/math/distributions/binomial.hpp>
#include <boost/math/distributions/normal.hpp>

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

double tail_unit(const std::vector<double>& series) {
  std::vector<double> v;
  for (double x : series)
    if (x > 0 && std::isfinite(x)) v.push_back(x);
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const double at = 0.25 * double(v.size() - 1);
  const size_t lo = size_t(at);
  const double w = at - double(lo);
  return lo + 1 < v.size() ? v[lo] * (1 - w) + v[lo + 1] * w : v[lo];
}

namespace {

// An arm's runs on their series' scales: the bulk's mean, the excursions' r ascending.
struct Scaled {
  int runs = 0;
  double bulk_mean = 1;
  std::vector<double> exc;
};

Scaled scale(const std::vector<std::vector<double>>& series) {
  Scaled a;
  std::vector<double> bulk;
  for (const auto& s : series) {
    std::vector<double> v;
    for (double x : s)
      if (x > 0 && std::isfinite(x)) v.push_back(x);
    if (v.size() < 3) continue;
    const double m = tail_unit(v);
    for (double x : v) (x / m > 1 + kExcursion ? a.exc : bulk).push_back(x / m);
  }
  a.runs = int(bulk.size() + a.exc.size());
  if (!bulk.empty()) {
    double s = 0;
    for (double r : bulk) s += r;
    a.bulk_mean = s / double(bulk.size());
  }
  std::sort(a.exc.begin(), a.exc.end());
  return a;
}

ArmTail base(const Scaled& s) {
  ArmTail a;
  a.runs = s.runs;
  a.excursions = int(s.exc.size());
  a.bulk_mean = s.bulk_mean;
  if (!s.exc.empty()) a.largest = s.exc.back();
  return a;
}

double mean_excess(const std::vector<double>& exc, size_t from, size_t to, double bulk) {
  double s = 0;
  for (size_t i = from; i < to; ++i) s += exc[i] - bulk;
  return to > from ? s / double(to - from) : 0;
}

void finish(ArmTail& a) {
  a.expected = a.bulk_mean + a.rate * a.excess + a.big_rate * a.big_excess;
}

}  // namespace

std::pair<double, double> wilson_limits(int k, int n, double beta) {
  if (n <= 0) return {0, 1};
  namespace bm = boost::math;
  const double z = bm::quantile(bm::normal_distribution<double>(), 1 - beta);
  const double p = double(k) / n, z2 = z * z;
  const double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const double half = z * std::sqrt(p * (1 - p) / n + z2 / (4.0 * n * n)) / (1 + z2 / n);
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

double share_difference_upper(int ka, int na, int kb, int nb, double beta) {
  if (na <= 0 || nb <= 0) return 1;
  const double pa = double(ka) / na, pb = double(kb) / nb;
  const double ua = wilson_limits(ka, na, beta).second, lb = wilson_limits(kb, nb, beta).first;
  return pa - pb + std::sqrt((ua - pa) * (ua - pa) + (pb - lb) * (pb - lb));
}

ArmTail arm_tail(const std::vector<std::vector<double>>& series, bool upper) {
  if (upper) return candidate_tail(series, 1 + kExcursion);
  const Scaled s = scale(series);
  ArmTail a = base(s);
  if (s.exc.size() >= 2) {  // the largest forgiven: a one-off stall
    a.forgiven = a.largest - a.bulk_mean;
    a.excess = mean_excess(s.exc, 0, s.exc.size() - 1, a.bulk_mean);
    a.rate = double(s.exc.size() - 1) / a.runs;
  } else if (!s.exc.empty()) {
    a.forgiven = a.largest - a.bulk_mean;
  }
  finish(a);
  return a;
}

ArmTail candidate_tail(const std::vector<std::vector<double>>& series, double cap) {
  const Scaled s = scale(series);
  ArmTail a = base(s);
  if (!s.exc.empty()) {
    const int k = int(s.exc.size());
    a.forgiven = std::max(0.0, std::min(a.largest, cap) - (1 + kExcursion));
    a.excess = std::max(0.0, mean_excess(s.exc, 0, s.exc.size(), a.bulk_mean) - a.forgiven / k);
    a.rate = share_upper_bound(k, a.runs);
  }
  finish(a);
  return a;
}

ArmTail difference_incumbent(const std::vector<std::vector<double>>& series) {
  const Scaled s = scale(series);
  ArmTail a = base(s);
  a.difference = true;
  if (!s.exc.empty()) {
    a.excess = mean_excess(s.exc, 0, s.exc.size(), a.bulk_mean);
    a.rate = double(s.exc.size()) / a.runs;
  }
  finish(a);
  return a;
}

ArmTail candidate_tail_against(const std::vector<std::vector<double>>& series, const ArmTail& inc,
                               double cap) {
  const Scaled s = scale(series);
  ArmTail a = base(s);
  a.difference = true;
  const size_t like = size_t(std::upper_bound(s.exc.begin(), s.exc.end(), cap) - s.exc.begin());
  a.big = int(s.exc.size() - like);
  // Like-sized: the incumbent's share plus the difference's upper bound, never below the
  // candidate's own point estimate; their own mean excess (the incumbent's where none was seen).
  if (a.runs > 0) {
    const double own = double(like) / a.runs;
    const double d = share_difference_upper(int(like), a.runs, inc.excursions, inc.runs);
    a.rate = std::clamp(std::max(own, inc.rate + d), 0.0, 1.0);
    a.excess = like > 0 ? mean_excess(s.exc, 0, like, a.bulk_mean) : inc.excess;
  }
  if (a.big > 0) {
    a.big_rate = share_upper_bound(a.big, a.runs);
    a.big_excess = mean_excess(s.exc, like, s.exc.size(), a.bulk_mean);
  }
  finish(a);
  return a;
}

bool incumbent_tailed(const std::vector<std::vector<double>>& incumbent_series) {
  return scale(incumbent_series).exc.size() >= 2;
}

TailVerdict tail_verdict(const std::vector<std::vector<double>>& candidate_series,
                         const std::vector<std::vector<double>>& incumbent_series,
                         double candidate_unit_us, double incumbent_unit_us, bool tie) {
  TailVerdict t;
  const bool against_tail =
      incumbent_tailed(incumbent_series) && scale(incumbent_series).runs >= tail_runs_needed();
  t.incumbent =
      against_tail ? difference_incumbent(incumbent_series) : arm_tail(incumbent_series, false);
  // The incumbent's largest excursion in the candidate's units, by its time above the typical
  // run (a stall is time); at least 1 + kExcursion.
  double cap = 1 + kExcursion;
  if (t.incumbent.excursions > 0 && candidate_unit_us > 0 && incumbent_unit_us > 0)
    cap = std::max(cap, 1 + (t.incumbent.largest - 1) * incumbent_unit_us / candidate_unit_us);
  t.candidate = against_tail ? candidate_tail_against(candidate_series, t.incumbent, cap)
                             : candidate_tail(candidate_series, cap);
  t.cap = cap;
  t.unmatched = t.candidate.excursions > 0 && t.candidate.largest > cap;
  t.unseen_bound = std::pow(1 - kTailPMin, t.candidate.runs);
  std::ostringstream why;
  why.precision(4);
  if (!(candidate_unit_us > 0) || !(incumbent_unit_us > 0) || t.candidate.runs == 0) {
    t.reason = "no paired times or no timed runs: the total is not judged";
    return t;
  }
  t.expected_ratio =
      incumbent_unit_us * t.incumbent.expected / (candidate_unit_us * t.candidate.expected);
  t.cheaper = tie ? t.expected_ratio >= kTieMeanFloor : t.expected_ratio > 1.0;
  why << "over " << t.candidate.runs << " timed runs of the candidate (" << t.candidate.excursions
      << " above " << 1 + kExcursion << " x their series' lower quartile";
  if (t.candidate.difference)
    why << ", " << t.candidate.big << " larger than the incumbent's largest; like-sized charged at "
        << "share " << t.candidate.rate << " (the incumbent's plus the difference's upper bound) x "
        << "excess " << t.candidate.excess << ", larger at " << t.candidate.big_rate << " x "
        << t.candidate.big_excess;
  else
    why << "; charged share " << t.candidate.rate << " x excess " << t.candidate.excess
        << (t.candidate.forgiven > 0 ? ", the incumbent's stall forgiven" : "");
  why << ") and " << t.incumbent.runs << " of the incumbent (" << t.incumbent.excursions
      << (t.incumbent.difference ? ", a tail: the difference rule" : "")
      << "): expected-time ratio " << t.expected_ratio
      << (t.cheaper ? ""
          : tie     ? ", more than 1% dearer in total"
                    : ", not cheaper in total")
      << " (P10t; a tail of share >= " << kTailPMin << " goes untimed with probability "
      << t.unseen_bound << ")";
  t.reason = why.str();
  return t;
}

}  // namespace solver::engine
