// The paired timing (docs/gpu-backend.md, the measurement protocol;
// engine/backend/paired_verdict.h): incumbent and candidate prepared from the same standing sets,
// on one set of device buffers where their layouts match, else on two allocations exchanged between
// pairs (red team 34, engine/backend/placement_plan.h); A B B A through time_sequence (timing.cpp),
// the sequential rule on the event times as they come, the fresh-set check of each member, its
// audits, the floor, and where the pairs say "faster" the law pairs (law_pairs.cpp).
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <random>

#include "engine/backend/gpu/worker.h"
#include "engine/backend/law_verdict.h"
#include "engine/backend/paired_verdict.h"
#include "engine/backend/sequence_plan.h"

namespace solver::gpu {

namespace {

// Rotation sets of every timed sequence (P8), then the fresh set's seed (as timing.cpp's time).
constexpr int kTimingSets = engine::kRotationSets;

// Probes only, never a default (scripts/gpu/probe_place35.sh): `name` set to `value`.
bool env_is(const char* name, const char* value) {
  const char* e = std::getenv(name);
  return e && std::strcmp(e, value) == 0;
}

}  // namespace

rules::Outcome<engine::PairSamples, PairFailure> Worker::time_pairs(const engine::VariantRef& a,
                                                                    const engine::VariantRef& b,
                                                                    const engine::PairPlan& plan,
                                                                    uint64_t seed) {
  engine::PairSamples out;
  PhaseTimer timer(&out.phases_ms);
  timer.start("prepare");
  std::vector<uint64_t> rotation = standing_seeds(kTimingSets);  // as in time()
  auto seeds = derive_seeds(seed ? seed : 0x5eed2026, kTimingSets + 1);
  // Both members on the same device buffers where their layouts match: two allocations sit at
  // different physical addresses, and on the H200 that alone made one of two identical arms
  // ~1% faster in most trials (docs/benchmarks.md, "placement bias"), which the verdict read as
  // a win. Pairs then run on the same set, byte for byte, one after the other. Where the
  // layouts differ (red team 34), the two allocations are exchanged between pairs instead.
  Preparation pa = prepare(a, rotation, true, true);
  if (!pa.prepared)
    return PairFailure{pa.failure.status, std::string(engine::to_string(pa.failure.status)) + ": " +
                                              pa.failure.detail};
  // SOLVER_PAIR_SEPARATE=1 (a probe's): each member its own buffers even where the layouts
  // match, the 2026-12-01 condition for identical arms (docs/benchmarks.md).
  const bool force_separate = env_is("SOLVER_PAIR_SEPARATE", "1");
  Preparation pb =
      prepare(b, rotation, true, true, nullptr, force_separate ? nullptr : pa.prepared.get());
  if (!pb.prepared)
    return PairFailure{pb.failure.status, std::string(engine::to_string(pb.failure.status)) + ": " +
                                              pb.failure.detail};
  const bool shared = pa.prepared->buffers == pb.prepared->buffers;
  out.shared_buffers = shared;
  // One fresh set for both members (their set 0 is the same seed), each checked at its own
  // seeded sample within the first look, so the check runs however early the timing stops.
  const int pairs = plan.max_pairs;
  const int check_window = std::max(1, std::min(pairs, plan.looks().front()));
  timer.start("fresh set");
  std::mt19937_64 rng(seeds[kTimingSets]);
  std::vector<FreshCheck> checks;
  int shared_fresh = -1;
  for (auto* prep : {&pa, &pb}) {
    reload(*prep->prepared);
    int at = int(rng() % uint64_t(check_window));
    // Separate buffers: each derives the same set from its own set 0 (the same seed, the same
    // bytes), so the second reference is a cache hit.
    if (!shared)
      checks.push_back({at, add_fresh_set(*prep->prepared, seeds[kTimingSets])});
    else {
      if (shared_fresh < 0)
        shared_fresh = add_fresh_set(*prep->prepared, seeds[kTimingSets]);
      else if (!fresh_check_on_device(*prep->prepared))
        reference_outputs(*prep->prepared, shared_fresh);  // the same set: a cache hit
      checks.push_back({at, shared_fresh});
    }
  }
  // A B B A: each member goes first as often as second, so drift within a pair cancels.
  std::vector<int> order = engine::paired_order(pairs);
  timer.start("timing");
  // The sequential rule on the event times as they come (the activity records, which the
  // verdict uses, arrive only when the trace stops); a failed check has already ended it.
  auto decided = [&](const TimedSeries& so_far) {
    const auto& ea = so_far.event_us[0];
    const auto& eb = so_far.event_us[1];
    return ea.size() == eb.size() && engine::stop_after(ea, eb, plan);
  };
  // P7e: the candidate keeps three audited runs, the two extra audited where these pairs
  // would keep it (the verdict on the event times, as the stopping rule reads them).
  auto keeps = [&](const TimedSeries& so_far) {
    engine::PairSamples t;
    t.incumbent_us = so_far.event_us[0];
    t.candidate_us = so_far.event_us[1];
    return engine::decide(t, plan).verdict == engine::Verdict::Faster;
  };
  // Red team 34: on separate buffers the two allocations change hands between pairs
  // (placement_plan.h), so placement enters both members' times alike.
  // SOLVER_PAIR_EXCHANGE=0 (a probe's): no exchange, each member on its own allocation
  // throughout (main before place35), to measure the bias the exchange cancels.
  const bool exchange = !shared && !env_is("SOLVER_PAIR_EXCHANGE", "0");
  TimedSeries s = time_sequence({pa.prepared.get(), pb.prepared.get()}, order, checks, decided,
                                /*audit: both arms (P7b)*/ 0b11u, /*extra: the candidate*/ 0b10u,
                                keeps, engine::kExtraAudits, exchange);
  if (!shared) out.exchanged_allocations = s.exchanges > 0;  // none below two pairs
  timer.start("checks");
  if (s.failed_runner >= 0) {
    const Prepared& p = s.failed_runner == 0 ? *pa.prepared : *pb.prepared;
    // The incumbent was kept honest; its audit failing here, on inputs the digests found
    // intact, is state the candidate left (P7b): the loop refuses the candidate either way.
    const std::string incumbent = s.failed_runner == 0
                                      ? " (the incumbent, audited in this pair with " +
                                            pb.prepared->resolved.key +
                                            ": state the candidate left is suspected)"
                                      : "";
    // Off the law, what would put the verified runs on it (law_checks.h law_remedy).
    const std::string off =
        s.failure.status == engine::GateStatus::WrongResult ? off_law_note(p) : "";
    return PairFailure{s.failure.status, p.resolved.key + incumbent +
                                             (s.failure.status == engine::GateStatus::InputMutated
                                                  ? ": input mutated during paired timing: "
                                                  : ": wrong result after timing: ") +
                                             s.failure.detail + (off.empty() ? "" : "; " + off)};
  }
  for (auto* prep : {&pa, &pb}) {
    engine::GateResult g;
    if (!check_inputs_after_timing(*prep->prepared, g)) {
      // On shared buffers either member could have done it; the loop refuses the candidate
      // either way (the incumbent passed this check when it was the candidate).
      std::string who = prep->prepared->resolved.key;
      if (shared) {
        who = attribute_mutation(*pa.prepared, *pb.prepared);
        if (who.empty())
          who = pb.prepared->resolved.key + " or " + pa.prepared->resolved.key +
                " (shared buffers; neither changes them when run alone)";
      }
      return PairFailure{g.status, who + ": input mutated during paired timing: " + g.detail};
    }
    if (shared) break;  // one set of buffers: checked once
  }
  // The floor in the paired timing too, for the candidate (the incumbent was held to it when
  // it was kept): a kernel that is slow only when gated is caught here.
  std::string fast = floor_violation(*pb.prepared, s.kernel_us[1]);
  if (!fast.empty())
    return PairFailure{engine::GateStatus::TooFast,
                       pb.prepared->resolved.key + ": too fast in paired timing: " + fast};
  out.incumbent_us = s.kernel_us[0];
  out.candidate_us = s.kernel_us[1];
  out.sm_clock_mhz = s.sm_clock_mhz;
  // P6d (red team 18): where these pairs say "faster", the law pairs (law_pairs.cpp); and
  // where they say a tie the loop may keep (red team 20: law_verdict.h wants_law_pairs).
  engine::PairSamples timed;
  timed.incumbent_us = out.incumbent_us;
  timed.candidate_us = out.candidate_us;
  if (engine::wants_law_pairs(engine::decide(timed, plan))) {
    timer.start("law pairs");
    if (auto failed = time_law_pairs(*pa.prepared, *pb.prepared, shared, out, exchange))
      return *failed;
  }
  // P5 (red team 37): the pair's verified runs that passed only under P6p's allowance, counted
  // where the round's record can say them (both members were prepared afresh for these pairs).
  out.fold_rescued = pa.prepared->fold_rescued + pb.prepared->fold_rescued;
  timer.stop();
  return out;
}

}  // namespace solver::gpu
