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

int runs_short(const std::vector<std::vector<double>>& series) {
  int n = 0;
  for (const auto& s : series) {
    int valid = 0;
    for (double x : s) valid += x > 0 && std::isfinite(x);
    if (valid >= 3) n += valid;  // as arm_tail counts them
  }
  return std::max(0, tail_runs_needed() - n);
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

bool cheaper_in_total(Backend& backend, const VariantRef& cand, const std::vector<double>& gate_us,
                      const std::vector<double>& deferred_us, const PairSamples& pairs, bool tie,
                      uint64_t seed, RoundRecord& rec) {
  std::vector<std::vector<double>> series = candidate_series(gate_us, deferred_us, pairs);
  if (const int more = runs_short(series); more > 0) {
    TimeSamples top = backend.time_samples(cand, std::max(3, more), draw_seed(seed, "P10t"));
    if (!top.ok || top.kernel_us.empty()) {
      not_cheaper(rec, "the " + std::to_string(more) +
                           " more timed runs the total-time bound needs did not come back (" +
                           top.detail + "): not kept on a total nothing bounds (P10t)");
      return false;
    }
    // The top-up is one more series of the candidate's own times: its median agrees with the
    // paired one as the gate's must (P9), so a tail cannot hide in a slow median.
    const TimingConsistency c = timing_consistency(top.kernel_us, pairs.candidate_us);
    if (!c.consistent) {
      not_cheaper(rec, "the total-time bound's top-up disagrees with the paired time (" + c.reason +
                           "): not kept (P10t, P9)");
      return false;
    }
    series.push_back(top.kernel_us);
  }
  std::vector<std::vector<double>> inc;
  for (const auto* s : {&pairs.incumbent_us, &pairs.law_incumbent_us})
    if (!s->empty()) inc.push_back(*s);
  const double cand_med = median(pairs.candidate_us), inc_med = median(pairs.incumbent_us);
  const TailVerdict t = tail_verdict(series, inc, cand_med, inc_med, tie);
  if (t.cheaper) return true;
  not_cheaper(rec, "faster in median, not in total: " + t.reason);
  return false;
}

}  // namespace solver::engine
