// The gate's tolerance lint (sample_lint.h): once per problem and reference in this worker, the
// reference on each set the gate verifies on against the reference on that set's echoes.
#include <algorithm>

#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/protocol_io.h"
#include "engine/backend/gpu/sample_lint.h"
#include "engine/backend/gpu/worker.h"

namespace solver::gpu {

namespace {

// The name a verified set has in the lint's words.
std::string lint_set_name(const HostSet& s, int index) {
  if (index == 0) return "set 0";
  if (s.kind == SetKind::HeavySigned) return "the heavy-tailed set";
  if (s.kind == SetKind::Fresh) return "the fresh set";
  return std::string("the ") + to_string(s.kind) + " set";
}

}  // namespace

const std::vector<HostDoubles>* Worker::magnitude_reference(Prepared& p, int set) {
  HostSet& s = p.buffers->host_set(set);
  if (s.magnitude_set < 0) {
    // As check_outputs does on a plain failure: derived from set 0's pristine copy and linked,
    // so a later check of this set uses the same bound.
    auto pending = p.magnitude_pending.find(set);
    if (pending == p.magnitude_pending.end()) return nullptr;
    const uint64_t seed = pending->second;
    p.magnitude_pending.erase(pending);
    const int im = add_derived_set(p, SetKind::HeavyMagnitude, seed);
    if (im < 0) return nullptr;
    p.buffers->host_set(set).magnitude_set = im;
  }
  return &reference_outputs(p, p.buffers->host_set(set).magnitude_set);
}

double Worker::echo_share(Prepared& p, int set, const EchoPattern& pattern) {
  HostSet base = p.buffers->host_set(set);  // a copy: materialised here, not in the buffers
  if (base.on_device) materialise(p.resolved, p.buffers->host_set(0), base);
  HostSet echo;
  echo.key =
      base.key + "/echo-" + std::to_string(pattern.block) + (pattern.parity ? "-odd" : "-even");
  echo.seed = base.seed;
  // Not Regular: a regular set's `in` buffers come from the device input cache by (buffer,
  // seed), which would upload set 0's bytes, not the echo's (device_buffers.cpp upload_set).
  echo.kind = SetKind::Fresh;
  echo.inputs = base.inputs;
  echo.digests = base.digests;
  for (size_t i = 0; i < p.resolved.buffers.size() && i < base.inputs.size(); ++i) {
    const auto& b = p.resolved.buffers[i];
    if (!base.inputs[i] || !sample_echoed(b)) continue;
    echo.inputs[i] = echo_positions(b, *base.inputs[i], pattern.parity, pattern.block);
    echo.digests[i] = digest(echo.inputs[i]->data.get(), echo.inputs[i]->size);
  }
  beat("tolerance lint", 120000);
  const int index = add_checked_set(p, std::move(echo));
  // Every reference below is held by p.refs: the views stay valid.
  const auto& echoed = reference_outputs(p, index);
  const auto& reference = reference_outputs(p, set);
  const HostSet& checked = p.buffers->host_set(set);
  const auto* magnitude =
      checked.kind == SetKind::HeavySigned ? magnitude_reference(p, set) : nullptr;
  return tolerance_share(reference, echoed, set_tolerance(p, checked), magnitude);
}

SampleLintVerdict Worker::sample_lint(Prepared& p, int fresh) {
  const std::string key = homogeneous_key(p);
  if (auto known = sample_lint_.find(key); known != sample_lint_.end()) return known->second;
  std::string names;
  for (size_t i = 0; i < p.resolved.buffers.size(); ++i)
    if (sample_echoed(p.resolved.buffers[i]) && p.buffers->host_set(0).inputs.size() > i &&
        p.buffers->host_set(0).inputs[i])
      names += (names.empty() ? "" : ", ") + p.resolved.buffers[i].name;
  // Set 0, the heavy-tailed set (where the problem is homogeneous) and the fresh set; the
  // exponent sets' share is set 0's (sample_lint.h). A set that tells the two apart settles it.
  std::vector<int> sets = {0};
  for (int s = 1; s < p.buffers->sets(); ++s)
    if (p.buffers->host_set(s).kind == SetKind::HeavySigned) sets.push_back(s);
  if (fresh > 0) sets.push_back(fresh);
  std::vector<SetShare> shares;
  for (int s : sets) {
    if (names.empty()) break;
    SetShare one{lint_set_name(p.buffers->host_set(s), s), 0};
    for (const EchoPattern& e : echo_patterns()) {
      one.share = std::max(one.share, echo_share(p, s, e));
      if (!(one.share <= 1)) break;
    }
    shares.push_back(one);
    if (!(one.share <= 1)) break;
  }
  SampleLintVerdict verdict = sample_lint_verdict(shares, names, p.resolved.tolerance);
  sample_lint_[key] = verdict;
  return verdict;
}

}  // namespace solver::gpu
