// The large search's tie keep (engine/loop/knob_screen.h, tie_keep): a candidate the paired
// verdict cannot tell from the incumbent is kept only in a pool the screening batch applies to
// (whether or not the round screened), only when the
// paired median ratio and the gate's own times both favour it; the ledger carries the mark and
// the evolver learns nothing from it.
#include <doctest/doctest.h>

#include "engine/backend/law_verdict.h"
#include "engine/loop/evolver.h"
#include "engine/loop/knob_screen.h"
#include "engine/loop/ledger.h"
#include "engine/loop/round_loop.h"
#include "rules/chips.h"
#include "rules/rule_table.h"
#include "synthetic_pool.h"

using namespace solver;
using namespace solver::engine;

namespace {
RoundRecord screened_round() {
  RoundRecord r;
  r.problem = "toy";
  r.track = "on";
  r.round = 7;
  r.incumbent = "tiled[T=1]";
  r.candidate = "tiled[T=2]";
  r.screened.push_back({"tiled[T=4]", "screening batch", GateStatus::Passed, 9.6});
  return r;
}
PairedDecision verdict(Verdict v, double ratio, double incumbent_median) {
  PairedDecision d;
  d.verdict = v;
  d.median_ratio = ratio;
  d.mean_ratio = ratio;  // the totals agree with the median (red team 34)
  d.incumbent_median_us = incumbent_median;
  d.candidate_median_us = incumbent_median / ratio;
  return d;
}
GateResult gate(std::vector<double> times) {
  GateResult g;
  g.status = GateStatus::Passed;
  g.timed_us = std::move(times);
  return g;
}
}  // namespace

TEST_CASE("tie keep: same or ambiguous, both estimates favour the candidate, a large search") {
  const RoundRecord r = screened_round();
  const GateResult fast = gate({9.10, 9.15, 9.20});  // median 9.15 < the incumbent's 9.40
  CHECK(tie_keep(true, verdict(Verdict::Same, 1.007, 9.40), fast));
  CHECK(tie_keep(true, verdict(Verdict::Ambiguous, 1.012, 9.40), fast));
  // The paired ratio says the incumbent is the faster (or cannot say which): no.
  CHECK_FALSE(tie_keep(true, verdict(Verdict::Same, 0.996, 9.40), fast));
  CHECK_FALSE(tie_keep(true, verdict(Verdict::Same, 1.0, 9.40), fast));
  // The gate's own times disagree with the paired ratio: no.
  CHECK_FALSE(tie_keep(true, verdict(Verdict::Same, 1.007, 9.40), gate({9.5, 9.6, 9.7})));
  CHECK_FALSE(tie_keep(true, verdict(Verdict::Same, 1.007, 9.40), gate({})));
  // A slower verdict is never a tie; a faster one is kept by the ordinary rule, not this one.
  CHECK_FALSE(tie_keep(true, verdict(Verdict::Slower, 1.007, 9.40), fast));
  CHECK_FALSE(tie_keep(true, verdict(Verdict::Faster, 1.05, 9.40), fast));
  // Red team 34: the median favours it, the totals are more than 1% slower (a slow minority of
  // runs): no tie, no lead.
  PairedDecision tail = verdict(Verdict::Ambiguous, 2.7, 9.40);
  tail.mean_ratio = 0.7;
  CHECK_FALSE(tie_keep(true, tail, fast));
  CHECK_FALSE(tie_lead(true, tail));
  tail.mean_ratio = 0.995;  // within kTieMeanFloor: still a tie
  CHECK(tie_keep(true, tail, fast));
  // Outside a large search (a small pool, --screen 1) the verdict's rule stands.
  CHECK_FALSE(tie_keep(false, verdict(Verdict::Same, 1.007, 9.40), fast));
  CHECK_FALSE(tie_keep(false, verdict(Verdict::Ambiguous, 1.016, 10.145), gate({9.857})));
}

TEST_CASE("tie keep: the ledger writes the mark only when set and reads it back") {
  RoundRecord r = screened_round();
  r.outcome = Outcome::Kept;
  CHECK_FALSE(to_json(r).contains("tie_kept"));
  r.tie_kept = true;
  nlohmann::json j = to_json(r);
  CHECK(j["tie_kept"] == true);
  CHECK(round_record_from_json(j).tie_kept);
  j.erase("tie_kept");
  CHECK_FALSE(round_record_from_json(j).tie_kept);
}

TEST_CASE("tie keep: the evolver neither credits nor proposes from a tie") {
  auto table = rules::parse_rule_table(test::toy_rules(), "toy.yaml");
  auto chip = *rules::load_chip_table(test::chips_yaml()).find("h200");
  Evolver evolver(table, chip);
  const double before = table.find("uncoalesced")->confidence;
  RoundRecord r = screened_round();
  r.outcome = Outcome::Kept;
  r.match.fired = "uncoalesced";
  r.credited_rule = "uncoalesced";
  r.explored = true;
  r.hypothesis = "coalesce_global_access";
  r.verdict = verdict(Verdict::Same, 1.007, 9.40);
  r.tie_kept = true;
  CHECK(evolver.observe(r).empty());
  CHECK(table.find("uncoalesced")->confidence == doctest::Approx(before));
  // The same round kept on a real gain is credited.
  r.tie_kept = false;
  r.verdict = verdict(Verdict::Faster, 1.05, 9.40);
  CHECK_FALSE(evolver.observe(r).empty());
  CHECK(table.find("uncoalesced")->confidence > before);
}

TEST_CASE("tie keep: the track moves to the candidate but patience keeps counting") {
  TrackState state;
  state.track = "on";
  state.streak = 2;
  RoundRecord r = screened_round();
  r.outcome = Outcome::Kept;
  r.tie_kept = true;
  r.verdict = verdict(Verdict::Same, 1.007, 9.40);
  state.apply(r);
  CHECK(state.incumbent.variant == "tiled");
  CHECK(state.incumbent.knobs.at("T") == 2);
  CHECK(state.streak == 3);
  CHECK(state.best_round == 7);
  // A kept round with a measured gain resets it.
  r.round = 8;
  r.candidate = "tiled[T=8]";
  r.tie_kept = false;
  r.verdict = verdict(Verdict::Faster, 1.05, 9.40);
  state.apply(r);
  CHECK(state.incumbent.knobs.at("T") == 8);
  CHECK(state.streak == 0);
}

TEST_CASE("tie lead: a rejected tie of a large search with the paired median in its favour") {
  // layernorm_4096 seed 1, round 3: RPT 2 -> 1, ratio 1.003, CI [0.991, 1.018], the gate's
  // median above the incumbent's paired one: not kept, a lead.
  CHECK(tie_lead(true, verdict(Verdict::Same, 1.003, 10.72)));
  CHECK(tie_lead(true, verdict(Verdict::Ambiguous, 1.016, 10.145)));
  CHECK_FALSE(tie_lead(true, verdict(Verdict::Same, 1.0, 10.72)));
  CHECK_FALSE(tie_lead(true, verdict(Verdict::Ambiguous, 0.995, 10.72)));
  CHECK_FALSE(tie_lead(true, verdict(Verdict::Slower, 1.003, 10.72)));
  // Outside a large search (every pool of h200.json) a lead needs a resolved gain.
  CHECK_FALSE(tie_lead(false, verdict(Verdict::Same, 1.003, 10.72)));
}

TEST_CASE("tie lead: the ledger carries it, and the state takes it as a lead until a keep") {
  RoundRecord r = screened_round();
  r.outcome = Outcome::Rejected;
  r.verdict = verdict(Verdict::Same, 1.003, 10.72);
  r.verdict->ci_low = 0.991;
  CHECK_FALSE(to_json(r).contains("tie_lead"));
  TrackState plain;
  plain.apply(round_record_from_json(to_json(r)));
  CHECK(plain.leads.empty());  // an unresolved tie without the mark is no lead
  r.tie_lead = true;
  const RoundRecord back = round_record_from_json(to_json(r));
  CHECK(back.tie_lead);
  TrackState state;
  state.apply(back);
  REQUIRE(state.leads.count("tiled[T=2]"));
  CHECK(state.leads.at("tiled[T=2]") == doctest::Approx(1.003));
  RoundRecord kept = screened_round();
  kept.round = 8;
  kept.candidate = "tiled[T=8]";
  kept.outcome = Outcome::Kept;
  kept.verdict = verdict(Verdict::Faster, 1.05, 10.72);
  state.apply(kept);
  CHECK(state.leads.empty());
}

// Red team 20 (tests/cheats/redteam20_tie_law_boys): the tie keep read the timed runs' data
// alone (the worker timed law pairs after a "faster" verdict only), so a candidate that ties the
// incumbent on the harness's made data and is half as fast on the declared laws was kept.
TEST_CASE("tie keep: the law pairs are timed for a tie and a tie they refuse is not kept") {
  // The worker times law pairs wherever a keep may follow: faster, or a tie candidate.
  CHECK(wants_law_pairs(verdict(Verdict::Faster, 1.05, 9.40)));
  CHECK(wants_law_pairs(verdict(Verdict::Same, 1.007, 9.40)));
  CHECK(wants_law_pairs(verdict(Verdict::Ambiguous, 1.012, 9.40)));
  CHECK_FALSE(wants_law_pairs(verdict(Verdict::Same, 0.996, 9.40)));
  CHECK_FALSE(wants_law_pairs(verdict(Verdict::Slower, 0.8, 9.40)));
  auto pairs = [](double law_ratio, int audited) {
    PairSamples p;
    for (int i = 0; i < 16; ++i) {
      p.incumbent_us.push_back(9.40 + 0.01 * (i % 3));
      p.candidate_us.push_back(9.35 + 0.01 * (i % 3));
      p.law_incumbent_us.push_back(9.40 + 0.01 * (i % 3));
      p.law_candidate_us.push_back(9.40 / law_ratio + 0.01 * (i % 4));
    }
    p.law_audited = audited;
    return p;
  };
  // A tie on the made data, half the speed on the law: refused (kept before the fix).
  CHECK_FALSE(tie_holds_on_law(pairs(0.5, 8)));
  // The same speed on the law as on the made data: the tie stands (the law pairs' interval
  // reaches 1); 2% slower on the law at 16 tight pairs: refused.
  CHECK(tie_holds_on_law(pairs(1.006, 8)));
  CHECK(tie_holds_on_law(pairs(1.0, 8)));
  CHECK_FALSE(tie_holds_on_law(pairs(0.98, 8)));
  // Law pairs none of whose runs was audited decide nothing in the candidate's favour (P6e).
  CHECK_FALSE(tie_holds_on_law(pairs(1.006, 0)));
  // No law pairs at all (a recording, offline): unchanged.
  PairSamples offline;
  offline.incumbent_us = {9.40, 9.41};
  offline.candidate_us = {9.35, 9.36};
  CHECK(tie_holds_on_law(offline));
}

// Red team 20 (P6g): the track's recorded time of a kept candidate is the profile's, on made data.
TEST_CASE("the time recorded for a kept candidate is held to its gain on the declared laws") {
  auto with_law = [](double law_ratio) {
    PairSamples p;
    for (int i = 0; i < 16; ++i) {
      p.incumbent_us.push_back(300.0);
      p.candidate_us.push_back(150.0 + 0.1 * i);  // ~2x on the timed runs' made data
      p.law_incumbent_us.push_back(300.0);
      p.law_candidate_us.push_back(300.0 / law_ratio + 0.1 * (i % 5) - 0.2);
    }
    p.law_audited = 8;
    return p;
  };
  // Red team 18's compacted child kept on a tie whose law pairs show no gain: the profile says
  // 150 us (2x the incumbent's 300), the law 1x: recorded at the incumbent's 300 (was 150).
  const PairedDecision same = verdict(Verdict::Same, 1.0003, 300.0);
  CHECK(kept_time_us(150.0, 300.0, same, with_law(1.0), true) == doctest::Approx(300.0));
  // Kept as faster with a 1.1x gain on the law and 2x on made data: 300 / 1.1, not 150.
  const PairedDecision faster = verdict(Verdict::Faster, 1.1, 300.0);
  CHECK(kept_time_us(150.0, 300.0, faster, with_law(1.1), false) ==
        doctest::Approx(300.0 / 1.1).epsilon(0.01));
  // An honest 2x on both kinds of data: the profile's own time stands (within the noise).
  CHECK(kept_time_us(150.0, 300.0, verdict(Verdict::Faster, 2.0, 300.0), with_law(2.0), false) ==
        doctest::Approx(150.0).epsilon(0.01));
  // No law pairs (a recording, offline) or no incumbent time: the measured time, as before.
  PairSamples offline;
  offline.incumbent_us = {300.0};
  offline.candidate_us = {150.0};
  CHECK(kept_time_us(150.0, 300.0, faster, offline, false) == 150.0);
  CHECK(kept_time_us(150.0, 0.0, faster, with_law(1.1), false) == 150.0);
}
