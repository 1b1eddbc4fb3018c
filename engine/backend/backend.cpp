#include "engine/backend/backend.h"

#include <algorithm>

#include "engine/backend/worker_protocol.h"

namespace solver::engine {

bool gate_failure_diagnosable(const GateResult& g) {
  using S = GateStatus;
  if (g.status == S::InvalidSpec)  // only the tolerance lint's refusal: the kernel itself ran
    return g.detail.rfind("tolerance admits a 1-in-2 sample", 0) == 0;
  return g.status == S::WrongResult || g.status == S::TooFast || g.status == S::InputMutated ||
         g.status == S::InconsistentTiming || g.status == S::PrecisionMismatch;
}

// Out of line: Ceilings is complete only here.
std::optional<Ceilings> Backend::ceilings() { return std::nullopt; }

std::vector<int> PairPlan::looks() const {
  std::vector<int> out;
  if (adaptive) {
    for (int n = 2 * std::max(kMinPairs, first_look); n < max_pairs; n *= 2) out.push_back(n);
    out.push_back(std::max(1, max_pairs));
    return out;
  }
  if (sequential && look_step > 0)
    for (int n = std::max(kMinPairs, first_look); n < max_pairs; n += look_step) out.push_back(n);
  out.push_back(std::max(1, max_pairs));
  return out;
}

}  // namespace solver::engine
