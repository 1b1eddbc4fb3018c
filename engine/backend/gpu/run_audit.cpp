// The audit of a timed run (docs/reliability.md, P7). In every timed sequence (the gate's, a
// `time` request's, each member of a paired timing) one timed run per runner is chosen after it
// ran, by a reservoir of one seeded from std::random_device (engine/backend/audit_choice.h), and
// its outputs are copied aside before the next run. When the sequence is over, the reference is
// run on the very inputs that run saw (its rotation set with its timed perturbation made again
// from the run's seed: timed_perturbation.h, the same bytes by construction) and the copied outputs
// are compared with it at the problem's tolerance. A kernel that serves a memo, skips work or is
// only honest when it can tell it is checked is caught with probability k/n per sequence when k of
// its n timed runs are wrong, with nothing in the runs themselves (addresses, set rotation, timing)
// that tells it which one is audited. Cost: a device-to-device copy of the outputs, on average ln n
// times per sequence (outside the timed window), and one reference run per runner per sequence.

#include "engine/backend/gpu/protocol_io.h"
#include "engine/backend/gpu/worker.h"

namespace solver::gpu {

using engine::GateResult;

bool Worker::audit_run(Prepared& p, const AuditedRun& a, GateResult& g, const std::string& when) {
  NvtxRange range("audit");  // its time is the sequence's "audit" phase (time_sequence)
  const HostSet& set = p.buffers->host_set(a.set);
  std::string where = " (" + when + ": timed sample " + std::to_string(a.sample) +
                      ", chosen after it ran, input set " + std::to_string(a.set) +
                      (a.flipped ? (a.flip.dense ? " with its timed perturbation"
                                                 : " with its one perturbed element")
                                 : "") +
                      ", seed " + std::to_string(set.seed);
  // Its inputs first, as every check does: a kernel that rewrote them to suit a stale output
  // is refused for that.
  std::string mutated = p.buffers->verify_inputs(a.set, a.set);
  if (!mutated.empty()) {
    g.status = engine::GateStatus::InputMutated;
    g.detail = mutated + where + ")";
    return false;
  }
  // The saved outputs (outside the arena) as they were saved (P7c).
  auto load = [&] {
    std::string changed = p.buffers->load_outputs(a.outputs, a.output_digests);
    if (changed.empty()) return true;
    g.status = engine::GateStatus::InputMutated;
    g.detail = changed + where + ")";
    return false;
  };
  if (!a.flipped) {
    const auto& want = reference_outputs(p, a.set);
    return load() && compare_outputs(p, set, views(want), nullptr, g, where);
  }
  p.buffers->reflip(a.flip);
  // Read into the worker's reused page-locked memory: compared once below, then dropped.
  std::vector<DoublesView> want = run_reference_reused(p, a.set, "audit reference run");
  p.buffers->unflip();
  // The set's reference on |inputs| still bounds sign flips' conditioning (|x| unchanged);
  // a swap or a redraw moves values, so no magnitude bound is taken for it.
  const bool signs_only = a.flip.dense ? !a.flip.values_moved : a.flip.swap_size == 0;
  const std::vector<HostDoubles>* magnitude =
      set.magnitude_set >= 0 && signs_only ? &reference_outputs(p, set.magnitude_set) : nullptr;
  return load() && compare_outputs(p, set, want, magnitude, g, where);
}

}  // namespace solver::gpu
