// One round, top to bottom:
//   1. patience spent?            -> converged (ends the track); ON: unless untried points of
//                                    the pool are left: the round explores (pool_search.h)
//   2. profile the incumbent      (signals; cached per variant key)
//   3. match                      (rule table + chip guards)
//   4. stop rule fired?           -> stop (ends the track); ON: unless points are left
//   5. generator for the fired hypothesis; none -> OFF best-static: the next fired rule (rank
//                                    order) with a variant; ON: a variant answer becomes the
//                                    deepest applying the hypothesis, a knob move the knob
//                                    search's step; none: explore another hypothesis, then the
//                                    knob search over all knobs, then the pool sweep;
//                                    nothing left -> no-variant
//      --precision same: a candidate of another class than the seed's -> refused
//   6. gate the candidate         (compile + correctness; by default the regular part: the
//                                    first set and the timed series, gate_parts.h) -> gate-failed
//                                    (not-recorded: the recorded backend never measured it)
//   7. paired timing + verdict    (measurement.h); faster than the physical floor -> gate-failed
//                                    (TooFast), a paired time unlike the gate's own ->
//                                    gate-failed (InconsistentTiming); never kept
//      not faster                 -> rejected (its deferred checks not run, the record says so)
//   7b. the gate's deferred part  (other sets, adversarial sets, lint, fresh check, audit:
//                                    candidate_checks.h) -> gate-failed as a full gate would be
//   8. kept (profile the new incumbent for the expect check)
// run_track then lets the evolver (ON only) learn from the record, appends it to the ledger
// (fsync) and folds it into the track state.
#include "engine/loop/round_loop.h"

#include <algorithm>

#include "engine/backend/draw_seed.h"
#include "engine/backend/law_verdict.h"
#include "engine/backend/narrowed_checks.h"
#include "engine/backend/pc_sampling_json.h"
#include "engine/loop/candidate_checks.h"
#include "engine/loop/external_generator.h"
#include "engine/loop/knob_screen.h"
#include "engine/loop/match_record.h"
#include "engine/loop/measurement.h"
#include "engine/loop/step_clock.h"
#include "engine/loop/total_time.h"
#include "generators/variant_space.h"
#include "rules/enum_names.h"
#include "rules/matcher.h"

namespace solver::engine {

using generators::Incumbent;

RoundLoop::RoundLoop(Backend& backend, const generators::ProblemSpec& spec,
                     const rules::ChipProfile& chip, rules::RuleTable& table, LoopConfig config)
    : backend_(backend),
      spec_(spec),
      chip_(chip),
      table_(table),
      config_(config),
      timed_(backend.info().kind == "live") {}

const generators::ProblemSpec& RoundLoop::spec() const { return gen_ ? gen_->spec() : spec_; }

VariantRef RoundLoop::ref(const Incumbent& v) const {
  VariantRef r{spec().name, v.variant, v.knobs, ""};
  if (gen_ && gen_->is_generated(v.variant)) r.problem_dir = gen_->dir();
  return r;
}

ProfiledVariant RoundLoop::profiled(TrackState& state, const Incumbent& v) {
  std::string key = generators::variant_key(v.variant, v.knobs);
  auto it = state.profiles.find(key);
  if (it != state.profiles.end() && it->second.ok) return it->second;
  VariantRef ref = this->ref(v);
  ProfiledVariant p;
  GateResult g = backend_.gate(ref);  // gated too: its source hash; a wrong seed is no baseline
  p.source_hash = g.source_hash;
  for (const auto& [k, v] : g.phases_ms) p.phases_ms["gate/" + k] += v;
  if (!g.passed()) {
    p.detail = std::string("gate ") + to_string(g.status) + ": " + g.detail;
    p.not_recorded = g.status == GateStatus::NotRecorded;
    if (g.status == GateStatus::InvalidSpec) p.spec_refusal = g;
    return state.profiles[key] = p;
  }
  ProfileResult pr = backend_.profile(ref);
  for (const auto& [k, v] : pr.phases_ms) p.phases_ms["profile/" + k] += v;
  p.ok = pr.ok;
  p.signals = pr.signals;
  p.time_us = pr.time_us;
  p.detail = pr.detail;
  p.pc_sampling = pr.pc_sampling;
  p.not_recorded = !pr.ok && pr.detail.rfind("not recorded", 0) == 0;
  return state.profiles[key] = p;
}

RoundRecord RoundLoop::next_round(TrackState& state) {
  RoundRecord rec;
  rec.problem = spec().name;
  rec.track = state.track;
  rec.round = state.round + 1;
  rec.incumbent = state.incumbent_key();
  rec.incumbent_precision = precision_class(spec(), rec.incumbent);
  rec.rules_hash = table_.content_hash();

  // What the ON track could still measure (pool_search.h; a stop or patience needs it empty).
  // The points timed so far: profiled (seed, kept ones) and paired (every candidate timed).
  std::map<std::string, double> timed_us = state.measured_us;
  for (const auto& [key, p] : state.profiles)
    if (p.ok && p.time_us > 0) timed_us[key] = p.time_us;
  SearchRequest search{&spec(),
                       state.incumbent,
                       "",
                       &state.tried,
                       &chip_,
                       &timed_us,
                       config_.precision == PrecisionPolicy::Same ? seed_precision(spec()) : "",
                       &state.leads};
  // Why this round explores past the rules ("" when it does not).
  std::string past_rules;

  // 1. Patience: this many rounds in a row without a kept candidate ends the track (ON: unless
  // untried points are left; then the round skips the rules and explores).
  if (state.streak >= table_.evolution.patience) {
    const int left = config_.evolve && !gen_ ? untried_points(search) : 0;
    if (left == 0) {
      rec.outcome = Outcome::Converged;
      rec.detail = std::to_string(state.streak) + " rounds without a kept candidate (patience " +
                   std::to_string(table_.evolution.patience) + ")" +
                   (config_.evolve && !gen_ ? "; no untried point of the pool is left" : "");
      rec.ends_track = true;
      rec.incumbent_time_us = state.profiles[rec.incumbent].time_us;
      return rec;
    }
    past_rules = "patience spent (" + std::to_string(state.streak) +
                 " rounds without a kept candidate) but " + std::to_string(left) +
                 " untried point(s) of the pool are left: ";
  }

  // 2. Signals of the incumbent, from a profiled run; its time from unprofiled runs.
  StepClock clock(timed_, rec.phases_ms);
  clock.start();
  ProfiledVariant inc = profiled(state, state.incumbent);
  clock.stop("incumbent", inc.phases_ms);
  state.profiles[rec.incumbent].phases_ms.clear();  // counted once, in the round that measured it
  rec.incumbent_source_hash = inc.source_hash;
  if (!inc.ok) {
    rec.outcome = inc.not_recorded ? Outcome::NotRecorded : Outcome::GateFailed;
    rec.detail = "the incumbent " + rec.incumbent + " could not be profiled: " + inc.detail;
    rec.ends_track = true;        // nothing to match on: no round can follow
    rec.gate = inc.spec_refusal;  // the problem's spec refused (round_loop.h)
    return rec;
  }
  rec.signals = inc.signals;
  rec.incumbent_time_us = inc.time_us;

  // 3. Which rule fires, which were guard-blocked, which were outranked. Past patience the
  // rules have had their rounds: nothing is matched, the round explores.
  rules::Matcher matcher(table_);
  rules::MatchResult m;
  if (past_rules.empty()) m = matcher.match(rules::SignalVector(inc.signals), chip_);
  rec.match = match_record(m);  // with the tie, when there is one (match_record.h)
  // Where in the code: the incumbent's hottest lines and the line the evidence points at
  // (absent without PC samples, so recordings made before issue 31 replay byte-identical).
  if (inc.pc_sampling) {
    std::vector<std::string> names;
    for (const auto& [name, v] : m.evidence) names.emplace_back(name);
    nlohmann::json lines = lines_summary_json(*inc.pc_sampling, names);
    if (!lines.is_null()) rec.incumbent_lines = lines;
  }

  // 4. A stop rule says the kernel is at a ceiling. ON weighs it against what is left: with
  // untried points the round explores (the stop rule is penalised if that finds a faster one).
  const int left_at_stop =
      m.fired && m.fired->stop && config_.evolve && !gen_ ? untried_points(search) : 0;
  if (left_at_stop > 0)
    past_rules = "stop rule " + m.fired->id + " fired but " + std::to_string(left_at_stop) +
                 " untried point(s) of the pool are left: ";
  if (m.fired && m.fired->stop && left_at_stop == 0) {
    rec.outcome = Outcome::Stop;
    rec.credited_rule = m.fired->id;
    rec.detail = "stop rule " + m.fired->id + ": " + m.fired->rationale;
    rec.ends_track = true;
    return rec;
  }

  // 5. The generator: the child variant or knob move that applies the fired hypothesis.
  generators::CandidateRequest req{&spec(), state.incumbent, "", state.tried, &chip_};
  // A multi-launch incumbent: rewrites go to the launch that dominates its time.
  auto number = [&](const char* name) -> std::optional<double> {
    const double* d = std::get_if<double>(&inc.signals.get(name));
    return d ? std::optional<double>(*d) : std::nullopt;
  };
  req.focus_launch = generators::focus_from_signals(spec(), state.incumbent, number("weight"),
                                                    number("dominant_launch"));
  std::optional<generators::Candidate> cand;
  std::string why_none = "no rule fired";
  // The external generator (external_generator.h) answers the fired rule's hypothesis when the
  // pool has no untried variant for it, or before the pool with --generator-first. Its
  // variant is a candidate like any other from here on; a round whose attempts all failed
  // ends generator-failed; a decline passes the round on as the pool's "no variant" does.
  std::optional<GeneratorProposal> asked;
  auto ask_generator = [&](const rules::Rule& rule) {
    generators::GeneratorContext ctx;
    ctx.spec = &spec();
    ctx.incumbent = state.incumbent;
    ctx.chip = &chip_;
    ctx.track = state.track;
    ctx.round = rec.round;
    ctx.incumbent_time_us = inc.time_us;
    ctx.rule_id = rule.id;
    ctx.hypothesis = rule.hypothesis;
    ctx.rationale = rule.rationale;
    ctx.bottleneck = rule.bottleneck;
    ctx.evidence = rec.match.evidence;
    if (rec.incumbent_lines) ctx.lines = *rec.incumbent_lines;
    asked = gen_->propose(ctx);
    rec.generator = asked->record;
    req.spec = &spec();
    if (asked->candidate) cand = asked->candidate;
  };
  if (m.fired) {
    req.hypothesis = rec.hypothesis = m.fired->hypothesis;
    rec.credited_rule = m.fired->id;
    if (gen_ && gen_->first()) ask_generator(*m.fired);
    if (!cand && !(asked && asked->failed)) {
      auto choice = generators::next_candidate(req);
      cand = choice.candidate;
      if (!cand) why_none = "no variant for " + m.fired->hypothesis + ": " + choice.why_none;
      if (cand && cand->kind != generators::CandidateKind::KnobMove && config_.evolve) {
        SearchRequest d = search;
        d.hypothesis = m.fired->hypothesis;
        if (auto deeper = deepest_for(d)) cand = deeper->candidate;
      }
      // ON: a move of the knobs the hypothesis tags is one step of the knob search, which
      // skips past a tried point instead of stopping there and puts a move timed slower
      // before last; when that leaves the tagged knobs, the step is explored, not the rule's.
      if (cand && cand->kind == generators::CandidateKind::KnobMove && config_.evolve) {
        SearchRequest k = search;
        k.hypothesis = m.fired->hypothesis;
        if (auto step = knob_search(k)) {
          cand = step->candidate;
          if (step->hypothesis != m.fired->hypothesis) {
            rec.explored = true;
            rec.hypothesis = step->hypothesis;
            rec.credited_rule.clear();
          }
        }
      }
    }
    if (!cand && gen_ && !asked) ask_generator(*m.fired);
    if (!cand && asked) why_none += "; " + asked->detail;
  }
  if (asked && asked->failed) {
    rec.outcome = Outcome::GeneratorFailed;
    rec.detail = asked->detail;
    return rec;
  }
  // With evolution OFF under best-static, a hypothesis without a variant passes the round to
  // the next fired rule: the rules the fired one outranked, in rank order, the first whose
  // hypothesis has an untried variant (stop rules name no variant and are skipped, as the ON
  // track's exploration skips them). The rule that supplied the candidate is credited; no
  // hypothesis outside the fired rules is tried.
  if (!cand && !config_.evolve && config_.off_policy == OffPolicy::BestStatic && m.fired) {
    for (const auto* o : m.outranked) {
      if (o->stop || o->hypothesis == req.hypothesis || o->hypothesis == "stop_at_ceiling")
        continue;
      generators::CandidateRequest next = req;
      next.hypothesis = o->hypothesis;
      auto choice = generators::next_candidate(next);
      if (!choice.candidate) {
        why_none += "; next fired rule " + o->id + ": " + choice.why_none;
        continue;
      }
      cand = choice.candidate;
      rec.hypothesis = o->hypothesis;
      rec.credited_rule = o->id;
      rec.candidate_reason = "next fired rule " + o->id + " (" + m.fired->id + "'s " +
                             m.fired->hypothesis + " has no untried variant): ";
      why_none.clear();
      break;
    }
  }
  // With evolution ON, a hypothesis without a variant is not the end: try, in order, the
  // hypotheses of the outranked rules, then every hypothesis the pool can still apply here.
  // A kept candidate found this way is an improvement no rule explains: the evolver's cue
  // to propose one. With evolution OFF the loop never explores.
  // Past the rules in a large search, an untried family first (untried_family, pool_search.h).
  ScreenSizes screen{config_.evolve && !gen_ ? config_.screen : 1, 256, past_rules};
  if (!cand && !past_rules.empty() && large_search(search, screen))
    if (auto step = untried_family(search)) {
      cand = step->candidate;
      rec.explored = true;
      rec.credited_rule.clear();
      rec.hypothesis = step->hypothesis;
      why_none.clear();
    }
  if (!cand && config_.evolve) {
    std::vector<std::pair<std::string, std::string>> options;  // (hypothesis, rule)
    for (const auto* o : m.outranked) options.emplace_back(o->hypothesis, o->id);
    for (const auto& h :
         generators::applicable_hypotheses(spec(), state.incumbent, state.tried, &chip_))
      options.emplace_back(h, "");
    for (const auto& [h, rule] : options) {
      if (h == req.hypothesis || h == "stop_at_ceiling") continue;
      generators::CandidateRequest ex = req;
      ex.hypothesis = h;
      auto choice = generators::next_candidate(ex);
      if (!choice.candidate) continue;
      // A knob move is the knob search's step for that hypothesis; none (its knobs' moves are
      // spent or timed slower before): the next option.
      if (choice.candidate->kind == generators::CandidateKind::KnobMove) {
        SearchRequest k = search;
        k.hypothesis = h;
        auto step = knob_search(k);
        if (!step || step->hypothesis != h) continue;
        choice.candidate = step->candidate;
      }
      cand = choice.candidate;
      rec.explored = true;
      rec.hypothesis = h;
      rec.credited_rule = rule;
      why_none.clear();
      break;
    }
  }
  // ON, nothing from the rules: the knob search over all of the incumbent's knobs, then the
  // rest of the pool. The track ends only when no point is left to measure.
  if (!cand && config_.evolve && !(asked && asked->failed)) {
    SearchRequest k = search;
    k.hypothesis = m.fired ? m.fired->hypothesis : "";
    if (auto step = pool_sweep(k)) {
      cand = step->candidate;
      rec.explored = true;
      rec.hypothesis = step->hypothesis;
      rec.credited_rule.clear();
      why_none.clear();
    }
  }
  if (!cand) {
    rec.outcome = Outcome::NoVariant;
    rec.detail = why_none;
    return rec;
  }
  if (!past_rules.empty()) cand->reason = past_rules + cand->reason;
  rec.candidate = cand->key();
  rec.candidate_reason = (rec.explored ? "explored: " : rec.candidate_reason) + cand->reason;
  rec.candidate_precision = precision_class(spec(), rec.candidate);

  // --precision same: a candidate of another class than the seed's is never measured. The
  // round records it (its key joins the tried set, so the next round looks further); it does
  // not count towards patience and teaches the evolver nothing.
  if (config_.precision == PrecisionPolicy::Same) {
    std::string want = seed_precision(spec());
    if (rec.candidate_precision != want) {
      rec.outcome = Outcome::Refused;
      rec.detail = "refused by --precision same: " + rec.candidate + " is " +
                   rec.candidate_precision + ", the seed's class is " + want;
      return rec;
    }
  }
  VariantRef inc_ref = ref(state.incumbent);
  VariantRef cand_ref = ref(Incumbent{cand->variant, cand->knobs});

  // 6. Correctness gate: compile, check against the reference. ON, a large knob space: the
  // screening batch (knob_screen.h) may make a faster point of it the round's candidate.
  clock.start();
  auto to_ref = [&](const Incumbent& v) { return ref(v); };
  screen.part = config_.eager_adversarial ? GatePart::Full : GatePart::Regular;
  GateResult gate = screen_round(backend_, search, screen, to_ref, *cand, rec);
  clock.stop("gate", gate.phases_ms);
  cand_ref = ref(Incumbent{cand->variant, cand->knobs});
  rec.candidate_source_hash = gate.source_hash;
  rec.gate = gate;
  if (gate.passed()) rec.narrowed_checks = narrowed_checks(spec(), gate);
  if (!gate.passed()) {
    // Not in the recording is no verdict on the kernel: an outcome of its own.
    rec.outcome =
        gate.status == GateStatus::NotRecorded ? Outcome::NotRecorded : Outcome::GateFailed;
    rec.detail = std::string(to_string(gate.status)) + ": " + gate.detail;
    return rec;
  }

  // 7. Paired timing: incumbent and candidate alternate; the verdict is on per-pair ratios.
  uint64_t seed = draw_seed(config_.seed, spec().name, std::to_string(rec.round));
  clock.start();
  PairPlan plan(config_.pairs);
  plan.sequential = config_.sequential_pairs;
  if (config_.adaptive_pairs) plan = PairPlan::adaptive_plan(config_.pairs);
  plan.min_gain = table_.evolution.min_gain;
  PairSamples pairs = backend_.time_pairs(inc_ref, cand_ref, plan, seed);
  clock.stop("pairs", pairs.phases_ms);
  rec.pair_buffers_shared = pairs.shared_buffers;
  rec.pair_allocations_exchanged = pairs.exchanged_allocations;
  // P5 (red team 37): a rescue by P6p's allowance in the pairs' audits is said, never silent.
  rec.pair_fold_rescued = pairs.fold_rescued;
  const std::string rescued = fold_rescued_note(pairs.fold_rescued);
  if (!rescued.empty()) rec.narrowed_checks.push_back(rescued);
  if (!timing_usable(pairs, rec)) {
    // Refused on its values in the pairs before its deferred checks ran: named as the full gate
    // names it (candidate_checks.h deferred_after_refusal; red teams 33 and 34).
    clock.start();
    GateResult rest = deferred_after_refusal(backend_, cand_ref, pairs, rec);
    clock.stop("gate", rest.phases_ms);
    return rec;
  }
  // A "faster" verdict holds on the declared laws too, where the worker timed them (P6d).
  PairedDecision verdict = on_separate_buffers(decide_on_law(decide(pairs, plan), pairs, plan),
                                               pairs.shared_buffers, pairs.exchanged_allocations);
  if (!rescued.empty()) verdict.reason += "; " + rescued;
  rec.verdict = verdict;
  const generators::Incumbent cand_point{cand->variant, cand->knobs};
  if (!timing_plausible(spec(), cand_point, chip_, verdict, gate.timed_us, pairs, rec)) return rec;

  // Kept only when measurably faster (or on a tie in a large search); one that loses the timing
  // is rejected without its deferred checks (it is never kept), and its record says so.
  const bool large = large_search(search, screen);
  const bool tie_timed = tie_keep(large, verdict, gate);
  // Red team 20: a tie is kept only where the law pairs agree (law_verdict.h).
  const bool tie = tie_timed && tie_holds_on_law(pairs);
  if (verdict.verdict != Verdict::Faster && !tie) {
    rec.outcome = Outcome::Rejected;
    rec.tie_lead = tie_lead(large, verdict) && tie_holds_on_law(pairs);
    rec.detail = verdict.reason;
    if (tie_timed)
      rec.detail +=
          "; a tie on the timed runs' data, not on inputs drawn from the declared "
          "laws (the law pairs show it slower, or none of their runs was audited): "
          "not kept on a tie (red team 20)";
    deferred_not_run(rec, "not faster");
    return rec;
  }
  // 7b. The deferred part of its gate: a kept candidate has passed every check of a full gate.
  clock.start();
  GateResult rest = run_deferred_checks(backend_, cand_ref, spec(), pairs, rec);
  clock.stop("gate", rest.phases_ms);
  if (!rec.gate->passed()) return rec;
  // 7c. Cheaper in total over every run of it timed in the round (P10t, total_time.h).
  if (!cheaper_in_total(backend_, cand_ref, inc_ref, gate.timed_us, rest.timed_us, pairs, tie, seed,
                        rec))
    return rec;

  // 8. The new incumbent is profiled now so the evolver can check the rule's `expect` and the
  // next round finds its signals cached.
  rec.outcome = Outcome::Kept;
  rec.detail = verdict.reason;
  if (tie) mark_tie_kept(rec);
  clock.start();
  ProfileResult pr = backend_.profile(cand_ref);  // already gated: profile only
  clock.stop("profile_kept", pr.phases_ms);
  ProfiledVariant after{pr.ok, pr.signals, pr.time_us, gate.source_hash, pr.detail, {}};
  state.profiles[rec.candidate] = after;
  // P6g (red team 20, law_verdict.h kept_time_us): the time recorded is no faster than the
  // incumbent's over the gain found on the declared laws (1 on a tie), where law pairs ran.
  const double measured_us = after.ok ? after.time_us : verdict.candidate_median_us;
  rec.candidate_time_us = kept_time_us(measured_us, rec.incumbent_time_us, verdict, pairs, tie);
  if (after.ok) {
    rec.candidate_signals = after.signals;
    state.profiles[rec.candidate].time_us = rec.candidate_time_us;
  }
  return rec;
}

void run_track(RoundLoop& loop, TrackState& state, Evolver* evolver, rules::RuleTable& table,
               LedgerWriter& ledger, const LoopConfig& config,
               const std::function<void(const RoundRecord&)>& on_record) {
  while (!state.ended && state.round < config.rounds) {
    double t0 = now_ms();
    RoundRecord rec = loop.next_round(state);
    if (evolver) {
      double e0 = now_ms();
      rec.evolution = evolver->observe(rec);
      rec.confidence = confidences(table);
      if (!rec.phases_ms.empty()) rec.phases_ms["evolve"] = now_ms() - e0;
    }
    // The round's wall time up to the ledger write (the append itself is the next round's
    // overhead, not measurable inside the record it writes).
    if (!rec.phases_ms.empty()) rec.phases_ms["round"] = now_ms() - t0;
    ledger.append(rec);
    state.apply(rec);
    if (loop.generator()) loop.generator()->observe(rec);
    if (on_record) on_record(rec);
  }
}

}  // namespace solver::engine
