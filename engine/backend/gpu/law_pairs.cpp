// P6d (red team 18, engine/backend/law_verdict.h; docs/reliability.md "Red team, round 18"):
// where the timed pairs say "faster", the same two kernels again, as many pairs (A B B A), on
// inputs redrawn i.i.d. from their declared laws. The timed runs' data (P13's cells, P6c's
// shrink) is made to catch estimators; a kernel whose cost follows its data must be faster on
// the data the problem means too. No fresh set; the candidate's runs are audited (P6e, red
// team 19: a candidate can tell these runs apart from every verified one and be wrong and fast
// on them only, tests/cheats/redteam19_law_garbage_*): engine::kLawPairAudits of them, kept
// by a reservoir seeded from random_device and chosen after they ran, each compared with the
// reference on the same law data (the audit re-makes the run's redraw from its Flip, whose
// `law` flag it carries); every run's inputs still guarded (P7b), so the incumbent's law time
// is its own.
#include <algorithm>

#include "engine/backend/gpu/worker.h"
#include "engine/backend/law_verdict.h"
#include "engine/backend/pair_floor.h"
#include "engine/backend/sequence_plan.h"

namespace solver::gpu {

namespace {

// The law redraw on both members' buffers for the scope's length, off again on every way out.
struct LawOnly {
  std::vector<const DeviceBuffers*> buffers;
  LawOnly(const Prepared& a, const Prepared& b) : buffers{a.buffers.get(), b.buffers.get()} {
    for (const DeviceBuffers* d : buffers) d->set_law_only(true);
  }
  ~LawOnly() {
    for (const DeviceBuffers* d : buffers) d->set_law_only(false);
  }
};

}  // namespace

std::optional<PairFailure> Worker::time_law_pairs(Prepared& a, Prepared& b, bool shared,
                                                  engine::PairSamples& out, bool exchange) {
  const int n = int(std::min(out.incumbent_us.size(), out.candidate_us.size()));
  if (n <= 0) return std::nullopt;
  reload(a);
  reload(b);
  TimedSeries l;
  {
    LawOnly law(a, b);
    // P6e: the candidate (runner 1) keeps kLawPairAudits audited runs, all audited (no
    // extra_if: the law pairs run only where the timed pairs would keep it).
    // Red team 34: on separate buffers, the allocations exchanged between pairs as in the
    // timed pairs (placement_plan.h).
    l = time_sequence({&a, &b}, engine::paired_order(n), {}, {}, /*audit: the candidate*/ 0b10u,
                      /*extra: the candidate*/ 0b10u, {}, engine::kLawPairAudits - 1, exchange);
  }
  if (l.failed_runner >= 0) {
    const Prepared& p = l.failed_runner == 0 ? a : b;
    // Said by its status: a precision_mismatch is inside the problem's tolerance, outside the
    // measured class's own bound (class_bound.h), not a wrong result.
    const char* what =
        l.failure.status == engine::GateStatus::InputMutated
            ? ": input mutated during the law pairs: "
        : l.failure.status == engine::GateStatus::PrecisionMismatch
            ? ": outside its precision class's own bound in the law pairs (P6e, an audited run): "
            : ": wrong result in the law pairs (P6e, an audited run): ";
    return PairFailure{l.failure.status, p.resolved.key + what + l.failure.detail};
  }
  for (Prepared* p : {&a, &b}) {
    engine::GateResult g;
    if (!check_inputs_after_timing(*p, g))
      return PairFailure{g.status,
                         b.resolved.key + ": input mutated during the law pairs: " + g.detail};
    if (shared) break;  // one set of buffers: checked once
  }
  out.law_incumbent_us = l.kernel_us[0];
  out.law_candidate_us = l.kernel_us[1];
  // The floor on the law pairs too (red team 19's residual): a candidate faster than the
  // physics on law data is a defect there as on the timed pairs (checked before these ran).
  const PhysicalFloor floor = floor_us(b);
  if (auto breach = engine::pair_floor_breach(out, floor.us);
      breach && breach->where == "the law pairs")
    return PairFailure{engine::GateStatus::TooFast,
                       b.resolved.key + ": too fast in the law pairs: median " +
                           short_num(breach->median_us) + " us is below the physical floor of " +
                           short_num(floor.us) + " us (" + floor.how + "): a defect, not a win"};
  // Every run the reservoir kept was audited and passed (a failure returned above).
  out.law_audited = l.audited_at[1] >= 0 ? std::min(n, engine::kLawPairAudits) : 0;
  return std::nullopt;
}

}  // namespace solver::gpu
