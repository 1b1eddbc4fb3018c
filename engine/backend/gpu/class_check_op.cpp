// The measured class bound in the worker (class_bound.h; docs/reliability.md, "a declared class
// is measured"): where a candidate's outputs fail the plain class bound c (atol + |r|) only, the
// reference's sensitivity S on the very inputs it ran on is measured (two reference runs on
// those inputs moved by a small relative step with seeded signs), once per input set (or per
// audited timed run, whose inputs are its own), and the verdict is taken on
// c (atol + max(|r|, S)): a sum that cancels is judged on what its value is sensitive to. With
// S, one more reference run on the float64 inputs moved by 2^-44 measures the reference's own
// rounding (Qmed), folded into S as 64 Qmed |r| (class_bound.h fold_reference_noise); a pass
// that term made is said as a narrowed check (Prepared::class_noise_said, gate_op.cpp).
// Nothing here runs when the plain bound passes (no extra reference run).
#include <cstring>
#include <optional>

#include "engine/backend/gpu/class_bound.h"
#include "engine/backend/gpu/phase_log.h"
#include "engine/backend/gpu/protocol_io.h"
#include "engine/backend/gpu/worker.h"

namespace solver::gpu {

namespace {

// The host bytes of `set` (an on_device set's made from set 0 by its plan), as a copy.
HostSet host_copy(const Prepared& p, int set) {
  HostSet base = p.buffers->host_set(set);
  if (base.on_device) materialise(p.resolved, p.buffers->host_set(base.base), base);
  return base;
}

}  // namespace

bool Worker::is_seed(const Prepared& p) const { return is_seed_point(p.spec, p.resolved, chip_); }

std::shared_ptr<const std::vector<HostDoubles>> Worker::class_scale(Prepared& p, int index,
                                                                    uint64_t seed) {
  SensitivitySets moved = sensitivity_sets(p.resolved, host_copy(p, index), seed);
  if (moved.sets.empty()) return nullptr;
  beat("class bound: the reference's sensitivity", 120000);
  std::vector<std::vector<HostDoubles>> runs;
  for (HostSet& m : moved.sets)
    runs.push_back(reference_outputs(p, add_checked_set(p, std::move(m))));
  // The host set of `index` (taken again: adding sets may move them) moved by 2^-44: the
  // reference's own rounding, Qmed, folded into S (class_bound.h fold_reference_noise).
  std::optional<HostSet> noisy = noise_set(p.resolved, host_copy(p, index), seed);
  std::vector<HostDoubles> scale = sensitivity_scale(reference_outputs(p, index), runs, moved.step);
  // P4c's forward cap (class_bound.h witness_share, helper wit39): a candidate's S at the share
  // its problem's seed witnessed (the floor where unknown); the seed itself at share 1.
  const double rtol = generators::measured_class_rtol(p.resolved.precision);
  if (!is_seed(p)) {
    auto w = class_witness_.find(homogeneous_key(p));
    cap_scale(scale, witness_share(w == class_witness_.end() ? -1 : w->second, rtol));
  }
  std::string note;
  if (noisy) {
    beat("class bound: the reference's own noise", 120000);
    const std::vector<HostDoubles> shifted =
        reference_outputs(p, add_checked_set(p, std::move(*noisy)));
    const std::vector<HostDoubles>& reference = reference_outputs(p, index);
    const double qmed = reference_noise(reference, shifted);
    const int64_t raised = fold_reference_noise(scale, reference, qmed, rtol);
    if (raised > 0) note = reference_noise_note(qmed, raised);
  }
  auto out = std::make_shared<const std::vector<HostDoubles>>(std::move(scale));
  p.class_noise.erase(out.get());
  if (!note.empty()) p.class_noise[out.get()] = note;
  return out;
}

const std::vector<HostDoubles>* Worker::class_magnitude(Prepared& p, int set) {
  auto known = p.class_magnitude.find(set);
  if (known == p.class_magnitude.end()) {
    PhaseScope scope("class_magnitude");
    const uint64_t seed = p.buffers->host_set(set).seed;
    known = p.class_magnitude.emplace(set, class_scale(p, set, seed)).first;
  }
  return known->second.get();
}

const std::vector<HostDoubles>* Worker::audit_class_magnitude(Prepared& p, const AuditedRun& a) {
  const auto& f = a.flip;
  // Unchanged inputs, or one sign flipped: the set's own S. A flip moves no |x|, so the reference
  // on |inputs| was exact for it; S of the unflipped set is not (only outputs reading the
  // flipped element may differ), and stands for it as a one-element approximation.
  if (!a.flipped || (!f.dense && f.swap_size == 0)) return class_magnitude(p, a.set);
  PhaseScope scope("class_magnitude");
  HostSet seen = host_copy(p, a.set);
  if (f.dense) {
    seen = timed_inputs(p.resolved, seen, f.run_seed, f.homogeneous, f.law);
  } else if (f.buffer >= 0 && size_t(f.buffer) < seen.inputs.size() &&
             seen.inputs[size_t(f.buffer)]) {
    // One exchange of two elements (swap_two): each place gets the other's value.
    const HostInput& in = *seen.inputs[size_t(f.buffer)];
    auto swapped = std::make_shared<HostInput>();
    swapped->size = in.size;
    swapped->data.reset(new unsigned char[in.size]);
    std::memcpy(swapped->data.get(), in.data.get(), in.size);
    for (int k = 0; k < 2; ++k)
      if (f.swap_offsets[k] + f.swap_size <= in.size)
        std::memcpy(swapped->data.get() + f.swap_offsets[k], f.swap_original[1 - k], f.swap_size);
    seen.digests[size_t(f.buffer)] = digest(swapped->data.get(), swapped->size);
    seen.inputs[size_t(f.buffer)] = std::move(swapped);
    seen.key +=
        "/swap-" + std::to_string(f.swap_offsets[0]) + "-" + std::to_string(f.swap_offsets[1]);
    seen.kind = SetKind::Fresh;
    seen.on_device = false;
  }
  // The inputs the run saw, with their reference, then S on them (seeded by the run).
  seen.kind = SetKind::Fresh;  // its bytes are its own, not the input cache's
  seen.on_device = false;
  seen.plan.clear();
  seen.magnitude_set = -1;
  const int index = add_checked_set(p, std::move(seen));
  p.audit_class_scale = class_scale(p, index, f.run_seed);
  return p.audit_class_scale.get();
}

bool Worker::class_recheck(Prepared& p, int set, const std::vector<DoublesView>& want,
                           const std::vector<HostDoubles>* magnitude, engine::GateResult& g,
                           const engine::GateResult& before, const std::string& where) {
  if (!magnitude) return false;  // no float input to move: the plain class verdict in g stands
  g = before;
  const bool ok = compare_outputs(p, p.buffers->host_set(set), want, magnitude, g, where,
                                  /*download=*/false);
  // The seed's pass on S is the witness its problem's candidates are held to (witness_share).
  if (ok && is_seed(p)) {
    double& w = class_witness_[homogeneous_key(p)];
    w = std::max(
        w, witness_of(p.last_class_ratio, generators::measured_class_rtol(p.resolved.precision)));
  }
  // Passed on a bound the reference's own noise raised: a narrowed check, said in the gate.
  auto noise = p.class_noise.find(magnitude);
  if (ok && noise != p.class_noise.end()) p.class_noise_said = noise->second;
  return ok;
}

}  // namespace solver::gpu
