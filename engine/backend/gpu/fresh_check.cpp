// The fresh-set check inside a timed series, made on the device (docs/reliability.md, cut (j);
// issue 28's cost). One run of every timed sequence, at a seeded sample, gets a fresh set copied
// into its slot and is verified where it stands (timing.cpp). Until cut (j) the fresh set's
// float64 reference was computed before the sequence and read back to the host (512 MiB for
// layernorm or softmax), the outputs were read back after the check run and both walked on the
// host: 40-60% of a short paired round's defences. Now, right after the check run:
//  1. the slot's inputs (the check run's) and the fresh set's own device copy are held against
//     the keyed digests taken when the set was made: a kernel that wrote either is refused
//     (InputMutated), as check_outputs refuses it;
//  2. the reference runs on that digest-verified copy: the same bytes it ran on before the
//     sequence until now, so the same answer;
//  3. the comparison kernel (device_compare.h) reads the outputs and the reference where they
//     are, with the same rule and figures as the host walk (its self-check at worker start);
//  4. the reference's answer is zeroed (P11) before anything else runs.
// What a kernel can see is unchanged: the reference's answer exists on the device only between
// the check run and step 4, while no candidate runs (it existed before the sequence, zeroed once
// read back, until now), and the fresh set's values are the ones the check run was given.
#include "engine/backend/gpu/phase_log.h"
#include "engine/backend/gpu/protocol_io.h"
#include "engine/backend/gpu/worker.h"

namespace solver::gpu {

bool Worker::fresh_check_on_device(const Prepared& p) const {
  if (!compare_ || !p.buffers || !p.buffers->digests_on_device()) return false;
  for (const auto& b : p.resolved.buffers)
    if (b.role == generators::BufferRole::InOut) return false;
  return true;
}

bool Worker::check_fresh(Prepared& p, int slot, int fresh, engine::GateResult& g,
                         const std::string& when) {
  if (!fresh_check_on_device(p)) return check_outputs(p, slot, g, when, fresh);
  NvtxRange range("check");
  PhaseScope scope("fresh_check");
  const HostSet& set = p.buffers->host_set(fresh);
  const std::string where = " (" + when + ", input set " + std::to_string(fresh) + " [" +
                            to_string(set.kind) + "], seed " + std::to_string(set.seed);
  {
    PhaseScope step("verify_inputs");
    std::string mutated = p.buffers->verify_inputs(slot, fresh);
    if (mutated.empty()) mutated = p.buffers->verify_inputs(fresh, fresh);
    if (!mutated.empty()) {
      g.status = engine::GateStatus::InputMutated;
      g.detail = mutated + where + ")";
      return false;
    }
  }
  // A magnitude bound's reference is host memory (check_outputs): never the case for a fresh
  // set today; should one get it, the host path, on the copy verified just above.
  if (set.magnitude_set >= 0 || p.magnitude_pending.count(fresh))
    return check_outputs(p, slot, g, when, fresh);
  {
    PhaseScope step("reference_run");
    launch_reference(p, fresh, "fresh-set reference run");
  }
  bool ok = true, class_only = false;
  const engine::GateResult before = g;
  try {
    PhaseScope step("compare_device");
    p.buffers->order_outputs_on_device(*compare_, ctx_->stream());  // order: free (order_view.h)
    for (size_t buffer : p.buffers->outputs()) {
      const generators::Tolerance tol = set_tolerance(p, set, buffer);
      Comparison c = p.buffers->compare_output_on_device(buffer, *compare_, tol, ctx_->stream());
      ok = fold_comparison(p, set, buffer, c, tol, false, g, where);
      class_only = !ok && c.failures == 0 && c.class_failures > 0;
      if (!ok) break;
    }
  } catch (...) {
    p.buffers->clear_reference_outputs();
    throw;
  }
  p.buffers->clear_reference_outputs();
  // P6p: a wrong result on a fresh set off the declared law goes to the host path too, where
  // the conditioning allowance decides it again (fold_check_op.cpp).
  const bool off_law = !ok && g.status == engine::GateStatus::WrongResult &&
                       set.kind == SetKind::Fresh && !p.buffers->law_checks();
  if (!class_only && !off_law) return ok;
  // Outside the plain class bound only (class_bound.h): the host path, which derives the
  // reference on |inputs| and decides on the scaled bound (the slot's inputs are the fresh
  // set's still, verified again there).
  g = before;
  return check_outputs(p, slot, g, when, fresh);
}

}  // namespace solver::gpu
