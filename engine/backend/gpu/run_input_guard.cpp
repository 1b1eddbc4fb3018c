#include "engine/backend/gpu/run_input_guard.h"

#include "engine/backend/gpu/phase_log.h"

namespace solver::gpu {

std::string RunInputGuard::before(const DeviceBuffers& b, const generators::ResolvedVariant& v,
                                  int set) {
  if (!b.digests_on_device() || set == verified_) return "";
  PhaseScope cost("verify_inputs");
  std::string m = b.verify_inputs(set, set);
  return m.empty() ? m : m + " (found before a run of " + v.key + ")";
}

void RunInputGuard::arm(const DeviceBuffers& b, int set) {
  verified_ = -1;
  during_.clear();
  if (!b.digests_on_device()) return;
  PhaseScope cost("verify_inputs");
  during_ = b.input_digests(set);
}

std::string RunInputGuard::after(const DeviceBuffers& b, const generators::ResolvedVariant& v,
                                 int set) {
  if (during_.empty()) return "";
  PhaseScope cost("verify_inputs");
  const std::vector<uint64_t> now = b.input_digests(set);
  for (size_t i = 0; i < now.size() && i < during_.size(); ++i)
    if (now[i] != during_[i])
      return "the kernel wrote its input buffer '" + v.buffers[i].name + "'" +
             (v.buffers[i].role == generators::BufferRole::InOut
                  ? " (the set's input copy of an in-out buffer, which no run is given)"
                  : "") +
             " (its device digest differs before and after the run; found after a run of " + v.key +
             ")";
  verified_ = set;  // intact during the run; the undo puts back what was verified before it
  return "";
}

}  // namespace solver::gpu
