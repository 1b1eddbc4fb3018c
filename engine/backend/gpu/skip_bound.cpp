#include "engine/backend/gpu/skip_bound.h"

#include <cmath>
#include <limits>
#include <sstream>

namespace solver::gpu {

double normal_quantile(double u) {
  if (!(u > 0 && u < 1)) return std::numeric_limits<double>::quiet_NaN();
  double lo = -40, hi = 40;  // Phi(x) = erfc(-x / sqrt 2) / 2, increasing
  for (int i = 0; i < 200 && hi - lo > 1e-12; ++i) {
    const double mid = (lo + hi) / 2;
    (0.5 * std::erfc(-mid / std::sqrt(2.0)) < u ? lo : hi) = mid;
  }
  return (lo + hi) / 2;
}

double skip_caught(double sd, double phi, int runs) {
  if (!(phi > 0) || runs <= 0 || !(sd > 0)) return 0;
  if (phi >= 1 || std::isinf(sd)) return 1;
  const double spread = sd * std::sqrt(phi / (1 - phi));
  const double q = std::erfc(1 / (std::sqrt(2.0) * spread));  // P(|N(0, spread)| > 1)
  return 1 - std::pow(1 - q, runs);
}

namespace {

// z with P(|N(0, 1)| > z) = q*, q* the per-run catch rate that gives p over `runs` runs.
double per_run_z(int runs, double p) {
  const double q = 1 - std::pow(1 - p, 1.0 / std::max(runs, 1));
  return normal_quantile(1 - q / 2);
}

std::string fraction(double phi) {
  std::ostringstream s;
  s.precision(2);
  if (phi >= 1) return "all";
  if (phi <= 0) return "none";
  s << "~1/" << 1 / phi;
  return s.str();
}

}  // namespace

double smallest_skip(double sd, int runs, double p) {
  if (std::isinf(sd) && sd > 0) return 0;
  if (!(sd > 0)) return 1;
  const double z = per_run_z(runs, p);
  return 1 / (1 + sd * z * sd * z);
}

double tolerance_for_skip(double sd, int runs, double p, double target) {
  if (!(sd > 0) || std::isinf(sd) || !(target > 0 && target < 1)) return 1;
  // phi* = target where sd' z = sqrt((1 - target) / target); sd' = sd / factor.
  const double needed = std::sqrt((1 - target) / target) / per_run_z(runs, p);
  return sd / needed;
}

double echo_sd(const SetShare& set0, size_t k) {
  if (k >= set0.energy.size() || k >= set0.echoes.size() || set0.echoes[k] <= 0)
    return std::numeric_limits<double>::quiet_NaN();
  return std::sqrt(set0.energy[k] / set0.echoes[k]);
}

std::string skip_note(const SetShare& set0, const std::vector<std::string>& outputs,
                      const std::vector<generators::Tolerance>& tols) {
  const size_t n = std::max<size_t>(outputs.size(), 1);
  std::ostringstream s;
  s.precision(2);
  bool open = false, any = false;
  std::ostringstream each;
  each.precision(2);
  for (size_t k = 0; k < n; ++k) {
    const double sd = echo_sd(set0, k);
    if (std::isnan(sd) || sd == 0) continue;  // not measured, or not moved by the echo
    const double phi = smallest_skip(sd, kVerifiedRunsPerRound, kSkipCatch);
    const generators::Tolerance none{};
    const generators::Tolerance& tol = tols.empty() ? none : tols[k < tols.size() ? k : 0];
    each << (any ? ", " : "") << (outputs.empty() ? "the output" : outputs[k]) << " phi* " << phi
         << " (" << fraction(phi) << " of the work, echo sd " << sd;
    if (phi >= kSkipDisclosed) {
      open = true;
      const double f = tolerance_for_skip(sd, kVerifiedRunsPerRound, kSkipCatch, 1.0 / 16);
      each << ": rtol " << tol.rtol << ", atol " << tol.atol << " leaves a skip of "
           << fraction(phi) << " undetected in 1 round in " << 1 / (1 - kSkipCatch)
           << ", a skip of 1/16 caught in "
           << 100 * skip_caught(sd, 1.0 / 16, kVerifiedRunsPerRound) << "% of rounds"
           << ", and rtol <= " << tol.rtol * f << ", atol <= " << tol.atol * f
           << " would close 1 in 16";
    }
    each << ")";
    any = true;
  }
  if (!any) return "";
  // No "; " inside: narrowed_checks takes the gate detail's words up to the next one.
  std::string body = each.str();
  for (size_t at = body.find("; "); at != std::string::npos; at = body.find("; ", at))
    body.replace(at, 2, ", ");
  s << (open ? kSkipBoundMarker : "skip bound") << " (the smallest fraction of the work a kernel"
    << " may skip and rescale that a round catches with p >= " << kSkipCatch << " over "
    << kVerifiedRunsPerRound << " verified runs on unseen data, echo spread on "
    << (set0.set.empty() ? "set 0" : set0.set) << "): " << body;
  return s.str();
}

}  // namespace solver::gpu
