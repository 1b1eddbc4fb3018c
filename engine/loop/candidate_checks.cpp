#include "engine/loop/candidate_checks.h"

#include "engine/backend/gate_parts.h"
#include "engine/backend/narrowed_checks.h"
#include "engine/loop/measurement.h"
#include "engine/loop/round_loop.h"

namespace solver::engine {

namespace {
void gate_failed(RoundRecord& rec, GateStatus status, const std::string& detail) {
  rec.outcome = status == GateStatus::NotRecorded ? Outcome::NotRecorded : Outcome::GateFailed;
  rec.gate->status = status;
  rec.detail = detail;
}
}  // namespace

bool timing_usable(const PairSamples& pairs, RoundRecord& rec) {
  if (!pairs.failure && !pairs.candidate_us.empty() && !pairs.incumbent_us.empty()) return true;
  // Recorded as the gate outcome it amounts to, never kept.
  GateStatus status = pairs.failure.value_or(GateStatus::NotRecorded);
  rec.gate->detail = "during paired timing: " +
                     (pairs.detail.empty() ? std::string("no samples came back") : pairs.detail);
  gate_failed(rec, status, std::string(to_string(status)) + ": " + rec.gate->detail);
  return false;
}

bool timing_plausible(const generators::ProblemSpec& spec, const generators::Incumbent& cand,
                      const rules::ChipProfile& chip, const PairedDecision& verdict,
                      const std::vector<double>& gate_us, const PairSamples& pairs,
                      RoundRecord& rec) {
  double floor = floor_us(spec, cand, chip);
  if (floor > 0 && verdict.candidate_median_us < floor) {
    gate_failed(rec, GateStatus::TooFast,
                "too fast: median " + std::to_string(verdict.candidate_median_us) +
                    " us is below the physical floor " + std::to_string(floor) + " us on " +
                    chip.id + " (a defect, not a win)");
    return false;
  }
  // Issue 28 (helper fr35): a candidate the pairs find slower is never kept, so what its gate
  // series say against the pairs decides nothing; it is recorded as the pairs' verdict
  // (rejected, slower), not as the consistency test's refusal (control_redteam17_fused_levels,
  // h100-2026-12-07b: pairs 0.906x, recorded inconsistent_timing "slower in expectation", a test
  // P10t has since removed). The test below guards a keep: a gate series that disagrees with a
  // fast pair.
  if (verdict.verdict == Verdict::Slower) return true;
  // A candidate that times differently when it is gated than when it is paired can tell the
  // two apart: whatever it did in the gate is no evidence for what it does here.
  TimingConsistency consistency = timing_consistency(gate_us, pairs.candidate_us);
  if (!consistency.consistent) {
    gate_failed(rec, GateStatus::InconsistentTiming,
                std::string("inconsistent_timing: ") + consistency.reason +
                    " (the gate's time and the paired time must agree within noise)");
    return false;
  }
  return true;
}

GateResult run_deferred_checks(Backend& backend, const VariantRef& cand,
                               const generators::ProblemSpec& spec, const PairSamples& pairs,
                               RoundRecord& rec) {
  if (!rec.gate || rec.gate->deferred != DeferredChecks::NotRun) return GateResult{};
  GateResult rest = backend.gate_part(cand, GatePart::Deferred);
  const GateResult regular = *rec.gate;
  rec.gate = merge_parts(regular, rest);
  if (!rest.passed()) {
    // The full gate's words: a kept candidate has passed every set, this one did not.
    gate_failed(rec, rest.status, std::string(to_string(rest.status)) + ": " + rest.detail);
    rec.narrowed_checks.clear();
    return rest;
  }
  rec.narrowed_checks = narrowed_checks(spec, *rec.gate);
  // Its checked series is held against the paired time too, as the full gate's was.
  TimingConsistency consistency = timing_consistency(rest.timed_us, pairs.candidate_us);
  if (!consistency.consistent)
    gate_failed(rec, GateStatus::InconsistentTiming,
                std::string("inconsistent_timing: ") + consistency.reason +
                    " (the deferred gate's timed series and the paired time must agree within "
                    "noise)");
  return rest;
}

GateResult deferred_after_refusal(Backend& backend, const VariantRef& cand,
                                  const PairSamples& pairs, RoundRecord& rec) {
  if (!rec.gate || rec.gate->deferred != DeferredChecks::NotRun || !pairs.failure) return {};
  // A refusal on the candidate's values only: a fault or hang would run again, and a recording's
  // missing samples say nothing of the kernel.
  const GateStatus paired = *pairs.failure;
  if (paired != GateStatus::WrongResult && paired != GateStatus::InputMutated) return {};
  GateResult rest = backend.gate_part(cand, GatePart::Deferred);
  if (rest.passed() || rest.status == GateStatus::NotRecorded ||
      rest.status == GateStatus::NoDevice) {
    rec.deferred_checks = std::string("ran after the paired timing's refusal: ") +
                          (rest.passed() ? "passed" : to_string(rest.status)) +
                          " (the paired timing's refusal stands)";
    return rest;
  }
  const std::string pairs_said = std::string(to_string(paired)) + " " + rec.gate->detail;
  const GateResult regular = *rec.gate;
  rec.gate = merge_parts(regular, rest);
  gate_failed(rec, rest.status,
              std::string(to_string(rest.status)) + ": " + rest.detail +
                  "; the full gate's order (its deferred part, run after the paired timing "
                  "refused it: " +
                  pairs_said + ")");
  rec.narrowed_checks.clear();
  return rest;
}

void deferred_not_run(RoundRecord& rec, const std::string& why) {
  if (rec.gate && rec.gate->deferred == DeferredChecks::NotRun)
    rec.deferred_checks = "not run: " + why;
}

}  // namespace solver::engine
