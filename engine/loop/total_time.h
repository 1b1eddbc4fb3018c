// Step 7c of a round (round_loop.cpp): is the candidate cheaper in total, over every run of it
// the harness timed in the round? (P10t; the rule and its bound: engine/backend/tail_charge.h.)
// The candidate's series are its gate's regular and deferred timed runs, the pairs' and the law
// pairs'; where they hold fewer than tail_runs_needed() valid runs, one more series of the
// candidate tops them up (Backend::time_samples, the timing the gate's series is), so that a tail
// of share >= kTailPMin goes untimed with probability <= (1 - kTailPMin)^75 ~ 0.8% before any
// keep. The incumbent is topped up the same way to 75 runs where the candidate shows an
// excursion beyond any of the incumbent's (a stall both arms may meet), and where the
// incumbent's own runs show a tail (2+ excursions: a kernel whose runs are bimodal), after which
// both arms go to kTailedRuns and the candidate is judged by the difference of the shares
// (tail_charge.h): ~118 more runs of the incumbent and 75 of the candidate, only there.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/backend/backend.h"
#include "engine/backend/tail_charge.h"
#include "engine/loop/ledger.h"

namespace solver::engine {

// The candidate's timed series of the round (empty ones left out).
std::vector<std::vector<double>> candidate_series(const std::vector<double>& gate_us,
                                                  const std::vector<double>& deferred_us,
                                                  const PairSamples& pairs);
// How many more runs the bound needs (0 when enough): up to `target` valid runs, counted as
// arm_tail counts them (series of 3 or more).
int runs_short(const std::vector<std::vector<double>>& series, int target = tail_runs_needed());
// The runs of each arm where the incumbent shows a tail: the difference of two shares is judged
// on ~sqrt(2) x the spread of one, so both arms are timed twice as often as the steady bound needs
// (docs/reliability.md "P10t", tail37: the measured power at 75, 150 and 225).
inline constexpr int kTailedRuns = 150;

// One more series of an arm's own times (`incumbent` or the candidate), `runs` long, as the gate's
// timing makes it (Backend::time_samples); empty where it did not come back (`why` says why).
using TopUp = std::function<std::vector<double>(bool incumbent, int runs, std::string& why)>;

struct TotalJudgement {
  bool cheaper = false;
  bool judged = false;  // tail_verdict reached (false: a top-up of the candidate failed)
  std::string why;      // the refusal's detail (empty where cheaper)
  TailVerdict verdict;
  int candidate_topup = 0, incumbent_topup = 0;  // the runs asked for (all top-ups)
  std::string incumbent_note;  // where the incumbent's top-up was asked for but not used: why
};
// Step 7c on the round's series: the candidate topped up to tail_runs_needed() runs (refused
// where that does not come back or its median disagrees with the paired one, P9), the
// incumbent topped up as above (left as it was where its top-up does not come back or disagrees
// with its paired median: the steady rule, conservative), then tail_verdict on the pairs' units.
// `tailed_runs`: each arm's runs where the incumbent is tailed (kTailedRuns; the sims ask others).
TotalJudgement judge_total(const std::vector<double>& gate_us,
                           const std::vector<double>& deferred_us, const PairSamples& pairs,
                           bool tie, const TopUp& top_up, int tailed_runs = kTailedRuns);

// False (rec rejected, its verdict ambiguous with the reason) when the candidate is not cheaper
// in total, or the top-up the bound needs did not come back. `tie`: judged against
// kTieMeanFloor. `seed`: the top-ups' (a recorded backend's draw).
bool cheaper_in_total(Backend& backend, const VariantRef& cand, const VariantRef& inc,
                      const std::vector<double>& gate_us, const std::vector<double>& deferred_us,
                      const PairSamples& pairs, bool tie, uint64_t seed, RoundRecord& rec);

}  // namespace solver::engine
