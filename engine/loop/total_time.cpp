#include "engine/loop/total_time.h"

#include <cmath>

#include "engine/backend/draw_seed.h"
#include "engine/loop/measurement.h"

namespace solver::engine {

std::vector<std::vector<double>> candidate_series(const std::vector<double>& gate_us,
                                                  const std::vector<double>& deferred_us,
                                                  const PairSamples& pairs) {
  std::vector<std::vector<double>> out;
  for (const auto* s : {&gate_us, &pairs.candidate_us, &pairs.law_candidate_us, &deferred_us})
    if (!s->empty()) out.push_back(*s);
  return out;
}

int runs_short(const std::vector<std::vector<double>>& series, int target) {
  int n = 0;
  for (const auto& s : series) {
    int valid = 0;
    for (double x : s) valid += x > 0 && std::isfinite(x);
    if (valid >= 3) n += valid;  // as arm_tail counts them
  }
  return std::max(0, target - n);
}

namespace {
void not_cheaper(RoundRecord& rec, const std::string& why) {
  rec.outcome = Outcome::Rejected;
  if (rec.verdict) {
    rec.verdict->verdict = Verdict::Ambiguous;
    rec.verdict->reason += "; " + why;
    rec.detail = rec.verdict->reason;
  } else {
    rec.detail = why;
  }
}
}  // namespace

TotalJudgement judge_total(const std::vector<double>& gate_us,
                           const std::vector<double>& deferred_us, const PairSamples& pairs,
                           bool tie, const TopUp& top_up, int tailed_runs) {
  TotalJudgement j;
  std::vector<std::vector<double>> series = candidate_series(gate_us, deferred_us, pairs);
  std::vector<std::vector<double>> inc;
  for (const auto* s : {&pairs.incumbent_us, &pairs.law_incumbent_us})
    if (!s->empty()) inc.push_back(*s);
  // One more series of an arm's own times, up to `target` valid runs: its median agrees with the
  // arm's paired one as the gate's must (P9), so a tail cannot hide in a slow median. False, and
  // `fail` says why, where it does not come back or disagrees.
  auto top = [&](bool incumbent, int target, std::string& fail) {
    std::vector<std::vector<double>>& arm = incumbent ? inc : series;
    const int more = runs_short(arm, target);
    if (more <= 0) return true;
    const int n = std::max(3, more);
    (incumbent ? j.incumbent_topup : j.candidate_topup) += n;
    std::string why;
    std::vector<double> t = top_up(incumbent, n, why);
    if (t.empty()) {
      fail = "the " + std::to_string(n) + " more timed runs did not come back (" + why + ")";
      return false;
    }
    const TimingConsistency c =
        timing_consistency(t, incumbent ? pairs.incumbent_us : pairs.candidate_us);
    if (!c.consistent) {
      fail = "the top-up disagrees with the paired time (" + c.reason + ")";
      return false;
    }
    arm.push_back(std::move(t));
    return true;
  };
  auto top_candidate = [&](int target) {
    std::string fail;
    if (top(false, target, fail)) return true;
    j.why = "the total-time bound's candidate runs: " + fail + ": not kept (P10t, P9)";
    return false;
  };
  auto top_incumbent = [&](int target) {
    std::string fail;
    if (top(true, target, fail)) return true;
    j.incumbent_note = "the incumbent's runs: " + fail;
    return false;
  };
  if (!top_candidate(tail_runs_needed())) return j;
  const double cand_unit = tail_unit(pairs.candidate_us), inc_unit = tail_unit(pairs.incumbent_us);
  // The incumbent as often as the candidate where its runs show a tail (audit 36: the shares'
  // difference is then judged), or where the candidate's largest excursion is beyond any the
  // incumbent showed (a stall both arms may meet has as many chances to show in each).
  if (incumbent_tailed(inc) || tail_verdict(series, inc, cand_unit, inc_unit, tie).unmatched)
    if (top_incumbent(tail_runs_needed()) && incumbent_tailed(inc))
      // A tailed incumbent: both arms to `tailed_runs`, the difference of two shares being
      // twice as wide as one share's bound.
      if (top_incumbent(tailed_runs) && !top_candidate(tailed_runs)) return j;
  j.verdict = tail_verdict(series, inc, cand_unit, inc_unit, tie);
  j.judged = true;
  j.cheaper = j.verdict.cheaper;
  if (!j.cheaper)
    j.why = "faster in median, not in total: " + j.verdict.reason +
            (j.incumbent_note.empty() ? "" : "; " + j.incumbent_note + ": the steady rule");
  return j;
}

bool cheaper_in_total(Backend& backend, const VariantRef& cand, const VariantRef& inc,
                      const std::vector<double>& gate_us, const std::vector<double>& deferred_us,
                      const PairSamples& pairs, bool tie, uint64_t seed, RoundRecord& rec) {
  const TotalJudgement j = judge_total(
      gate_us, deferred_us, pairs, tie, [&](bool incumbent, int runs, std::string& why) {
        TimeSamples top = incumbent
                              ? backend.time_samples(inc, runs, draw_seed(seed, "P10t incumbent"))
                              : backend.time_samples(cand, runs, draw_seed(seed, "P10t"));
        why = top.detail;
        return top.ok ? top.kernel_us : std::vector<double>{};
      });
  if (j.cheaper) return true;
  not_cheaper(rec, j.why);
  return false;
}

}  // namespace solver::engine
