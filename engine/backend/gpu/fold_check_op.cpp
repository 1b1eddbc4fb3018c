// P6p in the worker (fold_bound.h; docs/reliability.md P6p, issue 28, helper fr35): an audited
// timed run whose inputs were off the declared law (a dense timed perturbation, not the law
// pairs' redraw) and whose outputs failed the declared tolerance is compared again, once, with
// the conditioning allowance: the reference run on the very inputs it saw folded about each
// input's law centre (centre_fold_set), kFoldUlps u32 of it beyond atol + rtol |r|. Nothing runs
// where the plain comparison passed, on the law, or where no input has a centre to fold about.
#include <optional>

#include "engine/backend/gpu/class_bound.h"
#include "engine/backend/gpu/fold_bound.h"
#include "engine/backend/gpu/phase_log.h"
#include "engine/backend/gpu/protocol_io.h"
#include "engine/backend/gpu/worker.h"

namespace solver::gpu {

bool Worker::fold_recheck(Prepared& p, const AuditedRun& a, const std::vector<DoublesView>& want,
                          engine::GateResult& g, const engine::GateResult& before,
                          const std::string& where) {
  if (g.status != engine::GateStatus::WrongResult || !a.flipped || !a.flip.dense || a.flip.law)
    return false;
  HostSet seen = p.buffers->host_set(a.set);
  {
    PhaseScope scope("fold_magnitude");
    if (seen.on_device) materialise(p.resolved, p.buffers->host_set(seen.base), seen);
    seen = timed_inputs(p.resolved, seen, a.flip.run_seed, a.flip.homogeneous, a.flip.law);
  }
  return fold_recheck_on(p, seen, a.set, want, g, before, where);
}

bool Worker::fold_recheck_on(Prepared& p, const HostSet& seen, int set,
                             const std::vector<DoublesView>& want, engine::GateResult& g,
                             const engine::GateResult& before, const std::string& where) {
  if (g.status != engine::GateStatus::WrongResult) return false;
  std::optional<HostSet> folded;
  {
    PhaseScope scope("fold_magnitude");
    folded = centre_fold_set(p.resolved, seen);
  }
  if (!folded) return false;
  folded->kind = SetKind::Fresh;  // its bytes are its own, not the input cache's
  folded->on_device = false;
  folded->plan.clear();
  folded->magnitude_set = -1;
  beat("P6p: the reference on the checked inputs folded about their law's centre", 120000);
  const int index = add_checked_set(p, std::move(*folded));
  std::vector<generators::Tolerance> tols;
  for (size_t b : p.buffers->outputs())
    tols.push_back(set_tolerance(p, p.buffers->host_set(set), b));
  const std::vector<HostDoubles> allowance = fold_allowance(reference_outputs(p, index), tols);
  const engine::GateResult failed = g;
  g = before;
  // Taken again: adding a set may move the others.
  if (compare_outputs(p, p.buffers->host_set(set), want, &allowance, g, where,
                      /*download=*/false)) {
    p.fold_said = "a verified run off the declared law passed within its tolerance plus " +
                  std::to_string(int(kFoldUlps)) +
                  " u32 of the reference on its inputs folded about their law's centre (P6p: "
                  "the rounding of centred terms that cancel off the law)";
    ++p.fold_rescued;
    return true;
  }
  g = failed;  // the plain comparison's words: the allowance did not clear it either
  return false;
}

}  // namespace solver::gpu
