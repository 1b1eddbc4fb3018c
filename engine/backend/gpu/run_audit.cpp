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
// times per sequence (outside the timed window), and one reference run per runner per sequence,
// compared on the device (device_compare.h) where the worker could build that comparison.

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
  // A comparison that failed on the plain class bound only (class_bound.h) is decided again on
  // the class bound scaled by the reference's sensitivity S on the audited inputs.
  const GateResult before = g;
  auto class_decided = [&](const std::vector<DoublesView>& want,
                           const std::vector<HostDoubles>* magnitude) {
    if (magnitude || g.status != engine::GateStatus::PrecisionMismatch) return false;
    const std::vector<HostDoubles>* absolute = audit_class_magnitude(p, a);
    return class_recheck(p, a.set, want, absolute, g, before, where);
  };
  if (!a.flipped) {
    const auto& want = reference_outputs(p, a.set);
    if (!load()) return false;
    return compare_outputs(p, set, views(want), nullptr, g, where) ||
           class_decided(views(want), nullptr);
  }
  // The set's reference on |inputs| still bounds sign flips' conditioning (|x| unchanged);
  // a swap or a redraw moves values, so no magnitude bound is taken for it.
  const bool signs_only = a.flip.dense ? !a.flip.values_moved : a.flip.swap_size == 0;
  const std::vector<HostDoubles>* magnitude =
      set.magnitude_set >= 0 && signs_only ? &reference_outputs(p, set.magnitude_set) : nullptr;
  p.buffers->reflip(a.flip);
  bool class_only = false;  // the device comparison failed on the plain class bound only
  if (compare_ && !magnitude) {
    // Compared where both answers are, on the device (device_compare.h): neither the float64
    // reference nor the saved outputs cross to the host; the verdict and errors are the host
    // walk's. The reference's answer is zeroed on every way out (P11).
    {
      PhaseScope scope("reference_run");
      launch_reference(p, a.set, "audit reference run");
    }
    p.buffers->unflip();
    bool ok = false;
    try {
      ok = load();
      PhaseScope step("compare_device");
      if (ok) p.buffers->order_outputs_on_device(*compare_, ctx_->stream());  // order_view.h
      for (size_t buffer : p.buffers->outputs()) {
        if (!ok) break;
        const generators::Tolerance tol = set_tolerance(p, set, buffer);
        Comparison c = p.buffers->compare_output_on_device(buffer, *compare_, tol, ctx_->stream());
        ok = fold_comparison(p, set, buffer, c, tol, false, g, where);
        class_only = !ok && c.failures == 0 && c.class_failures > 0;
      }
    } catch (...) {
      p.buffers->clear_reference_outputs();
      throw;
    }
    p.buffers->clear_reference_outputs();
    // P6p: a wrong result off the declared law is decided again on the host, with the
    // conditioning allowance (fold_check_op.cpp); anything else stands.
    const bool off_law =
        !ok && g.status == engine::GateStatus::WrongResult && a.flip.dense && !a.flip.law;
    if (!class_only && !off_law) return ok;
    // Rare (an honest kernel whose outputs cancel, or a kernel below its class): the host path
    // below, where the reference on |inputs| can scale the bound.
    g = before;
    p.buffers->reflip(a.flip);
  }
  // On the host (no device comparison, or a magnitude bound, whose reference is host memory):
  // read into the worker's reused page-locked memory, compared once below, then dropped.
  std::vector<DoublesView> want = run_reference_reused(p, a.set, "audit reference run");
  p.buffers->unflip();
  if (!load()) return false;
  return compare_outputs(p, set, want, magnitude, g, where) || class_decided(want, magnitude) ||
         (!magnitude && fold_recheck(p, a, want, g, before, where));
}

// P7e (red team 18): the runs a sequence kept for `p` (a reservoir, each chosen after it ran),
// in the reservoir's random order: the first (uniform over the runs) always audited, the
// others where `extra`. False at the first audit that fails (its words in `g`).
bool Worker::audit_kept(Prepared& p, const std::vector<AuditedRun>& kept,
                        engine::AuditReservoir& choice, bool extra, int& audited_at,
                        int& extra_done, GateResult& g) {
  const std::vector<int> order = choice.order();
  for (size_t k = 0; k < order.size(); ++k) {
    if (k > 0 && !extra) break;
    const AuditedRun& a = kept[size_t(order[k])];
    if (a.sample < 0) continue;
    if (!audit_run(p, a, g, k == 0 ? "audit after timing" : "extra audit after timing (P7e)"))
      return false;
    if (k == 0)
      audited_at = a.sample;
    else
      ++extra_done;
  }
  return true;
}

}  // namespace solver::gpu
