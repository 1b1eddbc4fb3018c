#include "engine/backend/gpu/sample_lint.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <sstream>

#include "engine/backend/gpu/timed_perturbation.h"

namespace solver::gpu {

bool lint_counts(SetKind k) { return k == SetKind::Regular || k == SetKind::Fresh; }

std::vector<int> lint_sets(const std::vector<SetKind>& kinds, int fresh) {
  std::vector<int> sets;
  if (!kinds.empty() && lint_counts(kinds[0])) sets.push_back(0);
  if (fresh > 0 && size_t(fresh) < kinds.size() && lint_counts(kinds[size_t(fresh)]))
    sets.push_back(fresh);
  return sets;
}

bool sample_echoed(const generators::ResolvedBuffer& b) {
  // Integers too (red team 14, redteam14_int_seed_sample): with float inputs only, an
  // integer-only problem had nothing to echo and passed in silence, so a sampled count of
  // integer seeds at a float tolerance was kept. A neighbour's value is in the law (and in
  // range where the integers index something).
  const std::string& k = b.init.kind;
  return timed_changeable(b) && !b.dist_fixed &&
         (k == "uniform" || k == "normal" || k == "randint") && b.elements >= 2;
}

std::shared_ptr<const HostInput> echo_positions(const generators::ResolvedBuffer& b,
                                                const HostInput& in, int parity, size_t block) {
  auto out = std::make_shared<HostInput>();
  out->size = in.size;
  out->data.reset(new unsigned char[in.size]);
  std::memcpy(out->data.get(), in.data.get(), in.size);
  const size_t size = generators::dtype_size(b.dtype);
  const size_t n = in.size / size;
  if (block == 0 || (block & (block - 1))) block = 1;
  for (size_t i = 0; i < n; ++i)
    if (((i / block) & 1) == size_t(parity & 1) && (i ^ block) < n)
      std::memcpy(out->data.get() + i * size, in.data.get() + (i ^ block) * size, size);
  return out;
}

const std::vector<EchoPattern>& echo_patterns() {
  static const std::vector<EchoPattern> patterns = {{1, 1},  {1, 0},  {2, 1},  {4, 1},  {8, 1},
                                                    {16, 1}, {32, 1}, {64, 1}, {128, 1}};
  return patterns;
}

double tolerance_share(const std::vector<HostDoubles>& base, const std::vector<HostDoubles>& echo,
                       const generators::Tolerance& tol,
                       const std::vector<HostDoubles>* magnitude) {
  const double inf = std::numeric_limits<double>::infinity();
  if (base.size() != echo.size()) return inf;
  if (magnitude && magnitude->size() != base.size()) return inf;
  const double mag_rtol = magnitude_rtol(tol.rtol);
  double worst = 0;
  for (size_t k = 0; k < base.size(); ++k) {
    if (base[k].size() != echo[k].size()) return inf;
    if (magnitude && (*magnitude)[k].size() != base[k].size()) return inf;
    for (size_t i = 0; i < base[k].size(); ++i) {
      const double a = base[k][i], e = echo[k][i];
      if (!std::isfinite(a) || !std::isfinite(e)) return inf;
      const double m = magnitude ? std::fabs((*magnitude)[k][i]) : 0.0;
      const double allowed = tol.atol + tol.rtol * std::fabs(a) + mag_rtol * m;
      const double d = std::fabs(a - e);
      if (d == 0) continue;
      worst = std::max(worst, allowed > 0 ? d / allowed : inf);
    }
  }
  return worst;
}

SampleLintVerdict sample_lint_verdict(const std::vector<SetShare>& shares,
                                      const std::string& echoed, const generators::Tolerance& tol) {
  SampleLintVerdict v;
  if (shares.empty() || echoed.empty()) return v;
  size_t best = 0;
  for (size_t i = 1; i < shares.size(); ++i)
    if (!(shares[i].share <= shares[best].share)) best = i;  // NaN or larger
  const double top = shares[best].share;
  std::ostringstream s;
  s.precision(2);
  if (top == 0) {
    s << "1-in-2 echo: the outputs do not depend on the echoed positions of " << echoed
      << " on any verified set (a kernel that reads one parity is exact)";
    v.note = s.str();
    return v;
  }
  if (!(top <= 1)) {
    // The property holds; said with the set that shows it (not a narrowed check: no marker).
    s << "1-in-2 echo told apart by " << shares[best].set << " (at " << top << " of its tolerance";
    if (best != 0) s << ", set 0 alone at " << shares[0].share;
    s << ")";
    v.note = s.str();
    return v;
  }
  s << kSampleLintMarker << " on every set the gate verifies on (largest share " << top
    << " of the tolerance, on " << shares[best].set << ": ";
  for (size_t i = 0; i < shares.size(); ++i)
    s << (i ? ", " : "") << shares[i].set << " " << shares[i].share;
  s << "): the reference with every odd (or even) position of " << echoed
    << " copied from its neighbour is within the tolerance, so no verified run can refuse a "
       "kernel that reads half of those inputs and rescales. The problem's spec must change: "
       "tighten rtol and atol to under "
    << top << " times the declared (rtol " << tol.rtol << ", atol " << tol.atol
    << ": e.g. rtol <= " << top * tol.rtol / 2 << ", atol <= " << top * tol.atol / 2
    << "), or give " << echoed << " data with more relative spread";
  v.refusal = s.str();
  return v;
}

}  // namespace solver::gpu
