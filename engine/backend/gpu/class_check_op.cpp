// The measured class bound in the worker (class_bound.h; docs/reliability.md, "a declared class
// is measured"): where a candidate's outputs fail the plain class bound atol + c |r| only, the
// reference on the absolute values of the very inputs it ran on is made, once per input set (or
// per audited timed run, whose inputs are its own), and the verdict is taken on
// atol + c max(|r|, |reference on |inputs||): a sum that cancels is judged on what it summed.
// Nothing here runs when the plain bound passes (no extra reference run).
#include <cstring>

#include "engine/backend/gpu/class_bound.h"
#include "engine/backend/gpu/phase_log.h"
#include "engine/backend/gpu/protocol_io.h"
#include "engine/backend/gpu/worker.h"

namespace solver::gpu {

namespace {

// The host bytes of `set` (an on_device set's made from set 0 by its plan), as a copy.
HostSet host_copy(const Prepared& p, int set) {
  HostSet base = p.buffers->host_set(set);
  if (base.on_device) materialise(p.resolved, p.buffers->host_set(0), base);
  return base;
}

}  // namespace

const std::vector<HostDoubles>* Worker::class_magnitude(Prepared& p, int set) {
  auto known = p.class_magnitude.find(set);
  if (known == p.class_magnitude.end()) {
    PhaseScope scope("class_magnitude");
    std::optional<HostSet> absolute = absolute_set(p.resolved, host_copy(p, set));
    int index = -1;
    if (absolute) {
      beat("class bound: reference on |inputs|", 120000);
      index = add_checked_set(p, std::move(*absolute));
    }
    known = p.class_magnitude.emplace(set, index).first;
  }
  return known->second >= 0 ? &reference_outputs(p, known->second) : nullptr;
}

const std::vector<HostDoubles>* Worker::audit_class_magnitude(Prepared& p, const AuditedRun& a) {
  const auto& f = a.flip;
  // Unchanged inputs, or one sign flipped: the set's own |inputs|.
  if (!a.flipped || (!f.dense && f.swap_size == 0)) return class_magnitude(p, a.set);
  PhaseScope scope("class_magnitude");
  HostSet seen = host_copy(p, a.set);
  if (f.dense) {
    seen = timed_inputs(p.resolved, seen, f.run_seed, f.homogeneous);
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
  std::optional<HostSet> absolute = absolute_set(p.resolved, seen);
  if (!absolute) return nullptr;
  beat("class bound: reference on the audited run's |inputs|", 120000);
  return &reference_outputs(p, add_checked_set(p, std::move(*absolute)));
}

bool Worker::class_recheck(Prepared& p, int set, const std::vector<DoublesView>& want,
                           const std::vector<HostDoubles>* magnitude, engine::GateResult& g,
                           const engine::GateResult& before, const std::string& where) {
  if (!magnitude) return false;  // no input is negative: the plain class verdict in g stands
  g = before;
  return compare_outputs(p, p.buffers->host_set(set), want, magnitude, g, where,
                         /*download=*/false);
}

}  // namespace solver::gpu
