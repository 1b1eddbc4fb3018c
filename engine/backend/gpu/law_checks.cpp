#include "engine/backend/gpu/law_checks.h"

#include <algorithm>

namespace solver::gpu {

namespace {

double share_of(const SetShare& s, size_t k) {
  return k < s.outputs.size() ? s.outputs[k] : s.share;
}

}  // namespace

bool law_check_pending(const SetShare& set0, size_t k) {
  // NaN (a reference that is not finite) never clears the bar.
  return !(share_of(set0, k) >= kLawCheckShare);
}

bool law_checks(const std::vector<SetShare>& shares, size_t outputs) {
  if (shares.empty() || shares.front().set != "set 0") return false;
  for (size_t k = 0; k < std::max<size_t>(outputs, 1); ++k)
    if (law_check_pending(shares.front(), k)) return false;
  return true;
}

}  // namespace solver::gpu
