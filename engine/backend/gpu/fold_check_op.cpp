// P6m in the worker (fold_bound.h; docs/reliability.md P6m, issue 28, helper fr35): an audited
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
  std::optional<HostSet> folded;
  {
    PhaseScope scope("fold_magnitude");
    HostSet seen = p.buffers->host_set(a.set);
    if (seen.on_device) materialise(p.resolved, p.buffers->host_set(seen.base), seen);
    seen = timed_inputs(p.resolved, seen, a.flip.run_seed, a.flip.homogeneous, a.flip.law);
    folded = centre_fold_set(p.resolved, seen);
  }
  if (!folded) return false;
  folded->on_device = false;
  folded->plan.clear();
  folded->magnitude_set = -1;
  beat("P6m: the reference on the audited inputs folded about their law's centre", 120000);
  const int index = add_checked_set(p, std::move(*folded));
  const HostSet& set = p.buffers->host_set(a.set);  // taken again: adding a set may move them
  std::vector<generators::Tolerance> tols;
  for (size_t b : p.buffers->outputs()) tols.push_back(set_tolerance(p, set, b));
  const std::vector<HostDoubles> allowance = fold_allowance(reference_outputs(p, index), tols);
  const engine::GateResult failed = g;
  g = before;
  if (compare_outputs(p, set, want, &allowance, g, where)) {
    p.fold_said = "an audited timed run off the declared law passed within its tolerance plus " +
                  std::to_string(int(kFoldUlps)) +
                  " u32 of the reference on its inputs folded about their law's centre (P6m: "
                  "the rounding of centred terms that cancel off the law)";
    return true;
  }
  g = failed;  // the plain comparison's words: the allowance did not clear it either
  return false;
}

}  // namespace solver::gpu
