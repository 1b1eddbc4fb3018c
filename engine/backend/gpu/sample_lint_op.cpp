// The gate's tolerance lint (sample_lint.h): once per problem and reference in this worker,
// the reference on set 0 against the reference on its odd-from-even echo.
#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/protocol_io.h"
#include "engine/backend/gpu/sample_lint.h"
#include "engine/backend/gpu/worker.h"

namespace solver::gpu {

std::string Worker::sample_lint(Prepared& p) {
  const std::string key = homogeneous_key(p);
  if (auto known = sample_lint_.find(key); known != sample_lint_.end()) return known->second;
  const HostSet& base = p.buffers->host_set(0);
  HostSet echo;
  echo.key = base.key + "/echo-odd";
  echo.seed = base.seed;
  // Not Regular: a regular set's `in` buffers come from the device input cache by (buffer,
  // seed), which would upload set 0's bytes, not the echo's (device_buffers.cpp upload_set).
  echo.kind = SetKind::Fresh;
  echo.inputs = base.inputs;
  echo.digests = base.digests;
  std::string names;
  for (size_t i = 0; i < p.resolved.buffers.size() && i < base.inputs.size(); ++i) {
    const auto& b = p.resolved.buffers[i];
    if (!base.inputs[i] || !sample_echoed(b)) continue;
    echo.inputs[i] = echo_odd_positions(b, *base.inputs[i]);
    echo.digests[i] = digest(echo.inputs[i]->data.get(), echo.inputs[i]->size);
    names += (names.empty() ? "" : ", ") + b.name;
  }
  std::string note;
  if (!names.empty()) {
    beat("tolerance lint", 120000);
    const int index = add_checked_set(p, std::move(echo));
    const auto& echoed = reference_outputs(p, index);
    const auto& base0 = reference_outputs(p, 0);  // a cache hit: `echoed` stays valid
    note = sample_lint_note(tolerance_share(base0, echoed, p.resolved.tolerance), names);
  }
  sample_lint_[key] = note;
  return note;
}

}  // namespace solver::gpu
