// The round loop: one track (evolution ON or OFF) of one problem, round by round. round_loop.cpp
// is meant to be read top to bottom; docs/loop.md describes the outcomes and the policies.
//
// Resumability: a track's state (incumbent, tried keys, patience, best time, profiled signals)
// is a fold of its ledger records: TrackState::apply(record) is the ONLY way the state changes,
// both while running and when `--resume` replays a ledger. The rule table of the ON track is
// likewise rebuilt by Evolver::observe over the same records. There is no other hidden state:
// the paired timing's random draw is seeded from (run seed, problem, round) and the variant
// keys, not from a generator that runs on across rounds.
#pragma once
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "engine/backend/backend.h"
#include "engine/loop/evolver.h"
#include "engine/loop/ledger.h"
#include "generators/candidate.h"
#include "generators/problem_spec.h"
#include "rules/chips.h"
#include "rules/rule_table.h"

namespace solver::engine {

class TrackGenerator;  // external_generator.h

// What the OFF track does when the top fired rule's hypothesis has no untried variant
// (docs/loop.md, "The OFF track's policy").
//  BestStatic: the fired rules in rank order (the top one, then those it outranked), the first
//    whose hypothesis has an untried variant is measured: the best a static tool can do with
//    the same table, with no learning and no exploration beyond the fired rules.
//  FirstRule: the top fired rule only, repeated as no-variant until patience ends the track
//    (the GPU-Solver seed's semantics; runs made before --off-policy existed are this).
enum class OffPolicy { BestStatic, FirstRule };
const char* to_string(OffPolicy p);
std::optional<OffPolicy> off_policy_from_string(std::string_view s);

// Which precision classes a candidate may have (docs/loop.md, "Precision").
//  Any: every variant of the pool.
//  Same: only the seed's class; a candidate of another class is refused (outcome `refused`).
enum class PrecisionPolicy { Any, Same };
const char* to_string(PrecisionPolicy p);
std::optional<PrecisionPolicy> precision_policy_from_string(std::string_view s);

struct LoopConfig {
  int rounds = 12;  // budget per track (a converged or stop round counts as one)
  int pairs = 16;   // paired timings per candidate: the cap
  uint64_t seed = 1;
  bool evolve = false;                           // the ON track: exploration + evolver
  OffPolicy off_policy = OffPolicy::BestStatic;  // the OFF track's (ignored when evolve)
  PrecisionPolicy precision = PrecisionPolicy::Any;
  bool sequential_pairs = true;  // stop at the first look that decides (backend.h PairPlan)
  bool adaptive_pairs = false;   // P10: the pilot's spread sets the cap (PairPlan::adaptive_plan)
  // ON: points a round gates when its candidate's variant has a large knob space (knob_screen.h:
  // the candidate and screen - 1 points the knob GP picks; the fastest is pair-timed); 1: off.
  int screen = 2;
  // Every candidate's full gate before its paired timing (--eager-adversarial); by default the
  // adversarial sets and the rest of the deferred part run only for a candidate the verdict
  // would keep (engine/backend/gate_parts.h, round_loop.cpp step 7b).
  bool eager_adversarial = false;
};

struct ProfiledVariant {
  bool ok = false;
  rules::SignalSet signals;
  double time_us = 0;
  std::string source_hash;
  std::string detail;
  bool not_recorded = false;  // the recorded backend has no measurement of it (no failure)
  // Its gate, where it refused the problem's spec (invalid_spec: static validation, or the
  // tolerance lint of engine/backend/gpu/sample_lint.h): every variant would get the same, so
  // the round that finds it carries it as its gate (the cheat suite's outcome, the report).
  std::optional<GateResult> spec_refusal{};
  // Stall reasons per source line (PC sampling), where the profile has them.
  std::optional<profiling::PcSampling> pc_sampling{};
  // Backend phases of the measurement that made it ("gate/..", "profile/.."), until a round
  // record has taken them (live backends only).
  std::map<std::string, double> phases_ms{};
};

struct TrackState {
  std::string problem, track;
  generators::Incumbent incumbent;
  int round = 0;       // last round done
  int streak = 0;      // consecutive rounds without a kept candidate
  bool ended = false;  // stop, converged, or an incumbent that cannot be profiled
  std::set<std::string> tried;
  double seed_time_us = 0, best_time_us = 0;
  int best_round = 0;  // round whose kept candidate is the incumbent (0 = the seed)
  std::map<std::string, ProfiledVariant> profiles;  // by variant key
  // The paired median time of every candidate timed (kept or rejected): the knob model's data.
  std::map<std::string, double> measured_us;
  // Leads: rejected candidates the paired timing resolved faster than the current incumbent
  // (the confidence interval of the ratio incumbent / candidate above 1) by less than the keep
  // rule's minimum gain, and in a large search ties whose paired median ratio is above 1
  // (RoundRecord::tie_lead): key -> paired median ratio. Cleared when a candidate is kept. The knob
  // search climbs from the best of them (pool_search.h), so a gain too small to keep still
  // steers the walk.
  std::map<std::string, double> leads;

  std::string incumbent_key() const {
    return generators::variant_key(incumbent.variant, incumbent.knobs);
  }
  void apply(const RoundRecord& r);
};

// The precision class ("fp32", "tf32", ...) of a variant key of `spec`, "" if unknown; and
// the class of the problem's seed variant (what --precision same keeps to).
std::string precision_class(const generators::ProblemSpec& spec, const std::string& key);
std::string seed_precision(const generators::ProblemSpec& spec);

// The seed variant at its default knob point. Throws InputError if the spec has none.
TrackState initial_state(const generators::ProblemSpec& spec, const rules::ChipProfile& chip,
                         const std::string& track);

// The physical floor of one run in microseconds (problem bytes over peak DRAM bandwidth, FLOPs
// over the highest peak rate of the chip), 0 when the chip lacks the numbers.
double floor_us(const generators::ProblemSpec& spec, const generators::Incumbent& v,
                const rules::ChipProfile& chip);

class RoundLoop {
 public:
  RoundLoop(Backend& backend, const generators::ProblemSpec& spec, const rules::ChipProfile& chip,
            rules::RuleTable& table, LoopConfig config);
  // Decides and measures the next round from `state`; of the state it only fills the profile
  // cache (everything else changes through TrackState::apply). The record is complete except
  // for the evolution events and confidences (see run_track).
  RoundRecord next_round(TrackState& state);
  // An external generator for this track (external_generator.h; nullptr: the pool only). The
  // loop then works on its spec: the pool plus what it generated.
  void set_generator(TrackGenerator* g) { gen_ = g; }
  TrackGenerator* generator() const { return gen_; }

 private:
  ProfiledVariant profiled(TrackState& state, const generators::Incumbent& v);
  const generators::ProblemSpec& spec() const;
  VariantRef ref(const generators::Incumbent& v) const;
  TrackGenerator* gen_ = nullptr;
  Backend& backend_;
  const generators::ProblemSpec& spec_;
  const rules::ChipProfile& chip_;
  rules::RuleTable& table_;
  LoopConfig config_;
  bool timed_;  // live backend: rounds record their phases' wall times
};

// Runs rounds until the track ends or its budget is spent: next_round -> (ON) evolve -> ledger
// append (fsync) -> state.apply. `on_record` (optional) sees each appended record.
void run_track(RoundLoop& loop, TrackState& state, Evolver* evolver, rules::RuleTable& table,
               LedgerWriter& ledger, const LoopConfig& config,
               const std::function<void(const RoundRecord&)>& on_record = {});

// Every rule's confidence (the ON track records it after each round for the report).
std::map<std::string, double> confidences(const rules::RuleTable& table);

}  // namespace solver::engine
