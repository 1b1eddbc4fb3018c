#include "engine/backend/gpu/sample_lint.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <sstream>

#include "engine/backend/gpu/timed_perturbation.h"

namespace solver::gpu {

bool sample_echoed(const generators::ResolvedBuffer& b) {
  const std::string& k = b.init.kind;
  return timed_changeable(b) && perturb_type(b.dtype) < 16 && !b.dist_fixed &&
         (k == "uniform" || k == "normal") && b.elements >= 2;
}

std::shared_ptr<const HostInput> echo_odd_positions(const generators::ResolvedBuffer& b,
                                                    const HostInput& in) {
  auto out = std::make_shared<HostInput>();
  out->size = in.size;
  out->data.reset(new unsigned char[in.size]);
  std::memcpy(out->data.get(), in.data.get(), in.size);
  const size_t size = generators::dtype_size(b.dtype);
  const size_t n = in.size / size;
  for (size_t i = 1; i < n; i += 2)
    std::memcpy(out->data.get() + i * size, out->data.get() + (i - 1) * size, size);
  return out;
}

double tolerance_share(const std::vector<HostDoubles>& base, const std::vector<HostDoubles>& echo,
                       const generators::Tolerance& tol) {
  const double inf = std::numeric_limits<double>::infinity();
  if (base.size() != echo.size()) return inf;
  double worst = 0;
  for (size_t k = 0; k < base.size(); ++k) {
    if (base[k].size() != echo[k].size()) return inf;
    for (size_t i = 0; i < base[k].size(); ++i) {
      const double a = base[k][i], e = echo[k][i];
      if (!std::isfinite(a) || !std::isfinite(e)) return inf;
      const double allowed = tol.atol + tol.rtol * std::fabs(a);
      const double d = std::fabs(a - e);
      if (d == 0) continue;
      worst = std::max(worst, allowed > 0 ? d / allowed : inf);
    }
  }
  return worst;
}

std::string sample_lint_note(double share, const std::string& echoed) {
  if (!(share <= 1)) return "";
  std::ostringstream s;
  s.precision(2);
  s << kSampleLintMarker << " (the reference on set 0 with every odd position of " << echoed
    << " copied from its even neighbour is within the tolerance, at " << share
    << " of it: law data cannot refuse a kernel that reads half its inputs, a tolerance under "
    << share << " times the declared one would)";
  return s.str();
}

}  // namespace solver::gpu
