// The correctness gate (op "gate"), for a candidate assumed hostile (DESIGN.md, measurement
// protocol; docs/gpu-backend.md):
//   1. compile; the PTX's precision against the declared class       -> precision_mismatch
//   2. inputs generated on the host, references computed from the device copies before the
//      candidate runs at all; the derived sets (4, 5) made on the device from set 0's pristine
//      copy where the worker's self-check passed (device_derive.h)
//   3. every regular set on a freshly loaded module: inputs unchanged  -> input_mutated
//      (digest of the device copy read back), every output element    -> wrong_result
//   3k. where the module has module data (P7k, carried_state_op.cpp): seven runs of sets 0 and 1
//      after one load, each verified                                   -> wrong_result;
//      module state that keeps changing on one input deciding work     -> invalid_spec
//   4. adversarial sets, each on a fresh module, where the problem is homogeneous in its float
//      inputs (the reference on the exponent-range set is the regular reference times one
//      power of two): the exponent range up and down, heavy-tailed random signs
//   4a. the scratch's resolution (scratch_resolution.h): scratch words that do not resolve a
//      small input move at their format's resolution (FP32/FP64 words under an fp32/fp64 class
//      at 2^-18, FP16/BF16 words at their own moves, also under fp16/bf16) -> precision_mismatch
//   4b. the tolerance lint (sample_lint.h): where neither set 0 nor the fresh set's
//      unstratified twin (the data timed runs are verified on, less P6l's strata; not the
//      adversarial sets, which a kernel can route) tells
//      the reference from its 1-in-2 echo, the problem's spec is refused (invalid_spec), once
//      per problem and worker
//   5. a short timed series on a fresh module with the fresh-set check at a seeded random
//      sample (same addresses, new values), inputs verified after it   -> the floor (too_fast)
// The sweep gate (request `sweep`, `solver record --sweep`) runs 1, 2, 3 on the first regular set
// only and 5 (its fresh-set check and three audited runs, as a full gate's: fix38b), no
// adversarial sets or lint, its series `samples` long (the recording's samples); its detail says so.
// The two parts of the deferred order (request `part`, engine/backend/gate_parts.h): "regular"
// is the sweep gate's steps (1, 2, 3 on the first regular set, 5 without the fresh-set check
// and the timed-run audit) with a series kGateSamples long; "deferred" runs 1, 2, 3 on the other
// regular sets, 4, 4b and 5 as the full gate does. Together: every check of the full gate.
// Phase wall times come back in GateResult::phases_ms.
#include <algorithm>
#include <cmath>
#include <random>

#include "engine/backend/gate_parts.h"
#include "engine/backend/gpu/class_bound.h"
#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/law_checks.h"
#include "engine/backend/gpu/protocol_io.h"
#include "engine/backend/gpu/worker.h"
#include "engine/backend/sequence_plan.h"

namespace solver::gpu {

using engine::GateResult;
using engine::GateStatus;

namespace {

constexpr uint64_t kDefaultSeed = 0x5eed2026;
using engine::kGateSamples;

}  // namespace

std::optional<std::string> Worker::adversarial_checks(Prepared& p, GateResult& g,
                                                      const std::vector<uint64_t>& seeds) {
  // c with reference(set) == c * reference(set 0) for every output, one c for all.
  auto factor = [&](int set) -> std::optional<double> {
    const auto& scaled = reference_outputs(p, set);
    const auto& base = reference_outputs(p, 0);  // a cache hit: `scaled` stays valid
    std::optional<double> c;
    for (size_t k = 0; k < base.size() && k < scaled.size(); ++k) {
      const generators::DType d = p.resolved.buffers[p.buffers->outputs()[k]].dtype;
      auto ck = [&] {
        if (!reference_bits(d))
          return uniform_factor(base[k].data(), scaled[k].data(), int64_t(base[k].size()));
        // A 64-bit integer's reference holds its bits: the factor of its values.
        const auto b = wide_int_values(d, base[k].data(), int64_t(base[k].size()));
        const auto s = wide_int_values(d, scaled[k].data(), int64_t(scaled[k].size()));
        return uniform_factor(b.data(), s.data(), int64_t(std::min(b.size(), s.size())));
      }();
      if (!ck || (c && *ck != *c)) return std::nullopt;
      c = ck;
    }
    return c;
  };
  // P8 (red team 11, redteam11_adv_address_route): a derived set's inputs are allocations of
  // their own, outside the arena, so a kernel running on them could tell an adversarial check
  // from every other run by its pointers alone (B - A, C - A). Each adversarial check runs at
  // slot 0's addresses instead, as the first run after a reload, as the regular check of set 0
  // does: the set's values copied into the slot (the fresh-set check's path), checked there
  // against the set's digests and reference (which runs on the set's own copy, never given to
  // the candidate), and slot 0 put back from its pristine copy.
  auto run_check = [&](int set) {
    reload(p);
    p.buffers->copy_inputs(set, 0, ctx_->stream());
    run_variant(p, 0, "adversarial check run");
    const bool ok = check_outputs(p, 0, g, "adversarial input set", set);
    p.buffers->restore_inputs(0);
    return ok;
  };
  std::vector<std::string> ran;
  const std::string problem_key = homogeneous_key(p);
  const char* kNotHomogeneous =
      "adversarial sets: not applicable (the reference is not homogeneous in the float inputs: on "
      "the exponent-range set it is not the regular reference times one power of two)";
  auto known = homogeneous_.find(problem_key);
  if (known != homogeneous_.end() && !known->second) return kNotHomogeneous;
  // Host work on whole buffers (copy, transform, digest, upload): a budget of its own.
  beat("adversarial input sets", 120000);
  int iu = add_derived_set(p, SetKind::ExponentUp, seeds[0]);
  if (iu < 0)
    return "adversarial sets: none apply (no float input that is not dist_fixed, or values "
           "already at the range's end)";
  auto cu = factor(iu);
  homogeneous_[problem_key] = cu.has_value();
  // From here on the timed runs, the fresh set and the audits shrink positive laws as the
  // adversarial sets leave their support (P6c, red team 7: a kernel cannot route them apart).
  p.buffers->set_homogeneous(cu.has_value());
  if (!cu) return kNotHomogeneous;
  // A reference past the range its output is stored (under fp16: computed) in cannot be met by
  // an honest kernel: that set is skipped and said; the sets after it only shrink values.
  std::string too_large;
  const auto& up_ref = reference_outputs(p, iu);
  for (size_t k = 0; k < p.buffers->outputs().size() && k < up_ref.size(); ++k) {
    const auto& b = p.resolved.buffers[p.buffers->outputs()[k]];
    double m = 0;
    if (reference_bits(b.dtype))  // its bits, read as the integers' values
      for (double x : wide_int_values(b.dtype, up_ref[k].data(), int64_t(up_ref[k].size())))
        m = std::max(m, std::fabs(x));
    else
      for (double x : up_ref[k]) m = std::max(m, std::fabs(x));
    if (!(m <= output_range_limit(b, p.resolved.precision))) too_large = b.name;
  }
  if (too_large.empty()) {
    p.buffers->host_set(iu).atol_scale = std::fabs(*cu);
    if (!run_check(iu)) return std::nullopt;
    ran.push_back("exponent range up (outputs x " + short_num(*cu) + ")");
  } else {
    ran.push_back("exponent range up skipped (" + too_large + "'s reference x " + short_num(*cu) +
                  " leaves the range its format holds)");
  }
  beat("adversarial input sets", 120000);
  int id = add_derived_set(p, SetKind::ExponentDown, seeds[1]);
  if (id >= 0) {
    if (auto cd = factor(id)) {
      p.buffers->host_set(id).atol_scale = std::fabs(*cd);
      if (!run_check(id)) return std::nullopt;
      ran.push_back("exponent range down (x " + short_num(*cd) + ")");
    }
  }
  // Heavy tails and random signs change the values, not only their scale. Random signs make
  // sums cancel: an honest kernel's rounding error then scales with the sum of |terms|, not
  // with the result, so the declared tolerance is applied to the reference on the same values
  // without their signs (HeavyMagnitude; compare's `magnitude`): no honest FP32 reduction is
  // refused for the conditioning of the data it was given. That set and its reference are made
  // only where the plain bound fails (Prepared::magnitude_pending, check_outputs): the
  // verdict is the same, and an honest kernel within the plain bound costs no second set.
  // Both sets' plans cover the same buffers (every perturbable one), so a heavy set always
  // has a magnitude set.
  beat("adversarial input sets", 120000);
  int ih = add_derived_set(p, SetKind::HeavySigned, seeds[2]);
  if (ih >= 0) {
    // A sparse kept set (input_sets.h heavy_kept) keeps 1 value in `sparse` at full magnitude:
    // the declared atol stays (a running sum's residue after a kept value is an honest error of
    // that value's size wherever the window is empty: scaling atol by 1 / sparse refused the
    // CUDA samples box filter live, tests/corpus_fresh4/cs_boxfilter_x_global, 2026-12-03).
    int64_t sparsest = 0;
    for (const BufferTransform& t : p.buffers->host_set(ih).plan)
      sparsest = std::max(sparsest, t.sparse);
    p.magnitude_pending[ih] = seeds[2];
    if (!run_check(ih)) return std::nullopt;
    ran.push_back(sparsest > 0 ? "sparse, signs kept (1 value in " + std::to_string(sparsest) +
                                     ", error scaled by the reference on |inputs|)"
                               : "heavy-tailed random signs (error scaled by the reference on "
                                 "|inputs|)");
  }
  std::string note = "adversarial sets: ";
  for (size_t i = 0; i < ran.size(); ++i) note += (i ? ", " : "") + ran[i];
  return note;
}

GateResult Worker::gate(const engine::VariantRef& v, int input_sets, uint64_t seed, bool sweep,
                        int sweep_samples, engine::GatePart part) {
  using engine::GatePart;
  // The steps this gate leaves out: the sweep gate's (no adversarial sets, fresh-set check,
  // lint or audit), the regular part's (the same, later), the deferred part's (the regular sets).
  const bool regular = part == GatePart::Regular;
  const engine::GateSteps steps = engine::gate_steps(sweep, part);
  const bool light = steps.light;
  // The regular sets checked here: the first only where light, the others in the deferred part.
  const int first_set = part == GatePart::Deferred ? 1 : 0;
  NvtxRange range("gate");
  std::map<std::string, double> phases;
  uint64_t base = seed ? seed : kDefaultSeed;
  // The regular sets are the worker's standing sets (host copies and references cached across
  // requests); the sets no kernel has seen before are the per-gate ones below: the fresh set,
  // the adversarial sets and the check's position, all derived from this gate's seed.
  // At least the rotation sets of every timed sequence (P8: the gate's timing rotates the same
  // sets as time and time_pairs); every regular set is checked before timing.
  auto seeds = standing_seeds(std::max(engine::kRotationSets, input_sets));
  // Seeds of the adversarial sets, the fresh set and the check's position: derived from the
  // same base, so a gate is repeatable from the seed it records.
  auto extra = derive_seeds(base ^ 0xad7e25a1c0ffee00ULL, 5);
  Preparation prep = prepare(v, seeds, /*cache_inputs=*/true, /*references=*/true, &phases);
  if (!prep.prepared) {
    prep.failure.phases_ms = phases;
    return prep.failure;
  }
  Prepared& p = *prep.prepared;
  GateResult g;
  g.source_hash = p.resolved.source_hash;
  g.seeds = seeds;
  g.input_sets = int(seeds.size());
  g.deferred = regular                      ? engine::DeferredChecks::NotRun
               : part == GatePart::Deferred ? engine::DeferredChecks::Ran
                                            : engine::DeferredChecks::None;
  PhaseTimer timer(&phases);
  auto done = [&]() -> GateResult& {
    timer.stop();
    g.phases_ms = phases;
    // The problem's homogeneity as this worker knows it (learnt here or by an earlier gate):
    // a property of the problem, carried to every worker that times it (P6c; the backend
    // sends it with time, time_pairs and profile requests).
    if (auto known = homogeneous_.find(homogeneous_key(p)); known != homogeneous_.end())
      g.homogeneous = known->second;
    if (auto known = law_checks_.find(homogeneous_key(p)); known != law_checks_.end())
      g.law_checks = known->second;
    return g;
  };
  if (!p.precision_issue.empty()) {
    g.status = GateStatus::PrecisionMismatch;
    g.detail = p.precision_issue;
    return done();
  }
  timer.start("checks");
  // The sweep gate and the regular part check the first regular set only (the timed series
  // still rotates them all); the deferred part the others.
  for (int s = first_set; s < (light ? 1 : p.buffers->sets()); ++s) {
    if (p.buffers->released(s)) continue;  // a lint's echo set, freed once read
    reload(p);  // every check on a fresh module: no __device__ state from an earlier run
    run_variant(p, s, "check run");
    if (!check_outputs(p, s, g, "before timing")) return done();
  }
  // P7k (carried_state_op.cpp): where the module has module data, runs without a reload between
  // them, each verified, the module state read after some: a variable that keeps changing on one
  // input is a launch count, and may not decide work. Where set 0 is checked (not the deferred
  // part, which checks the others).
  std::string carried_note;
  if (first_set == 0 && p.module_memory) {
    timer.start("carried state");
    if (!carried_state_check(p, g, carried_note)) return done();
  }
  // The sweep gate (solver record --sweep) stops adding input sets here: every regular set was
  // checked, the timed series below still runs on them with its floor check.
  std::optional<std::string> adversarial =
      regular ? engine::kDeferredNote
              : "sweep gate: the first regular set checked; adversarial sets and the tolerance "
                "lint not run (solver record --sweep); its series verified as a full gate's";
  if (!light) {
    timer.start("adversarial");
    adversarial = adversarial_checks(p, g, extra);
    if (!adversarial) return done();
    // P4 measured in memory (scratch_resolution.h, red team 33): an f32 scratch keeps FP32's
    // resolution, whatever arithmetic packs it.
    timer.start("scratch resolution");
    bool narrowed = false;
    const std::string r = scratch_resolution_check(p, extra[3] ^ 0x5c7a7c4e50ULL, narrowed);
    if (narrowed) {
      g.status = GateStatus::PrecisionMismatch;
      g.detail = r;
      return done();
    }
    if (!r.empty()) *adversarial += "; " + r;
  }
  // The fresh set of the check inside the timed series, made after the lint, which decides its
  // kind (law_checks.h), before the candidate runs on it. The lint, where set 0 leaves an output
  // untold, echoes its unstratified twin (same seed and cells, P6l's strata off: a 1-in-2 echo
  // of stratified data is the biased sampler the strata make), so the check's own data carry
  // the strata every timed run does (P8; helper fix38b, red team 38b's fresh_strata_tell).
  int fresh = -1, lint_twin = -1;
  if (!light) {
    // The tolerance lint (sample_lint.h, issue 28): a candidate is kept only where some set the
    // gate verifies on tells the reference from its 1-in-2 echo; where none does, the problem's
    // spec is at fault (the same refusal for every candidate, the seed included).
    timer.start("tolerance lint");
    // Through the verdict cache (lint_cache.h): a verdict from it is said in the detail.
    const SampleLintVerdict lint = gate_lint(p, [&] {
      if (lint_twin < 0) lint_twin = add_fresh_set(p, extra[3], /*strata=*/false);
      return lint_twin;
    });
    if (!lint.refusal.empty()) {
      g.status = GateStatus::InvalidSpec;
      g.detail = lint.refusal + (lint.cached.empty() ? "" : "; " + lint.cached);
      return done();
    }
    if (!lint.note.empty()) *adversarial += "; " + lint.note;
    if (!lint.cached.empty()) *adversarial += "; " + lint.cached;
    // P6h (law_checks.h): where set 0 tells every output from its echo by kLawCheckShare, the
    // verified runs (timed runs, the fresh set, the audits) are redraws i.i.d. from the law.
    law_checks_[homogeneous_key(p)] = lint.law_checks;
    if (lint.law_checks != p.buffers->law_checks()) p.buffers->set_law_checks(lint.law_checks);
    if (lint.law_checks)
      *adversarial +=
          "; verified runs drawn from the declared law (the law's own data tell a "
          "1-in-2 sample apart by at least " +
          short_num(kLawCheckShare) + " x the tolerance)" +
          (lint.law_said.empty() ? "" : ": " + lint.law_said);
    if (fresh < 0) fresh = add_fresh_set(p, extra[3]);
  }
  // The sweep gate's check (gate_steps, helper fix38b): no lint ran, so its fresh set is drawn
  // under the law mode the worker holds for the problem (law_checks.h), as `time`'s is.
  if (light && steps.fresh_check && fresh < 0) fresh = add_fresh_set(p, extra[3]);
  // A short timed series on a fresh module: the floor check, and the fresh-set check at a
  // random sample (a kernel that only works the first time, races, or serves a cached result
  // for inputs it has seen shows here).
  timer.start("timing");
  reload(p);
  std::mt19937_64 rng(extra[4]);
  std::vector<FreshCheck> checks;
  // The sweep gate's series is as long as the recording's samples, which it then is (no
  // separate time op); the regular part's is verified by the deferred part's series.
  const int series = sweep && sweep_samples > 0 ? sweep_samples : kGateSamples;
  if (steps.fresh_check && fresh >= 0)
    checks.push_back(FreshCheck{int(rng() % uint64_t(series)), fresh});
  // P7e (red team 18): a full or deferred gate audits three of its timed runs (it runs where a
  // candidate is kept, or for the seed), and so does the sweep gate since helper fix38b (its
  // series is a recorded point's samples, kept offline on that record alone: gate_steps).
  TimedSeries t = time_sequence({&p}, engine::single_order(series), checks, {},
                                steps.audit ? ~0u : 0u, steps.extra_audits ? ~0u : 0u);
  if (t.failed_runner >= 0) {
    g.status = t.failure.status;
    g.detail = t.failure.detail;
    // The fresh set and the audited runs are the redraw's data: off the law here, which the
    // user cannot see; a tighter tolerance may put them on it (law_checks.h law_remedy).
    if (const std::string off = off_law_note(p);
        g.status == GateStatus::WrongResult && !off.empty())
      g.detail += "; " + off;
    return done();
  }
  if (!check_inputs_after_timing(p, g)) return done();
  g.timed_us = t.kernel_us[0];
  g.sm_clock_mhz = t.sm_clock_mhz;
  std::string fast = floor_violation(p, g.timed_us);
  if (!fast.empty()) {
    g.status = GateStatus::TooFast;
    g.detail = fast;
    return done();
  }
  std::vector<double> times = g.timed_us;
  std::sort(times.begin(), times.end());
  double median = times.empty() ? 0 : times[times.size() / 2];
  PhysicalFloor floor = floor_us(p);
  g.status = GateStatus::Passed;
  g.detail =
      "median " + short_num(median) + " us over " + std::to_string(times.size()) + " runs" +
      (floor.us > 0 ? "; floor " + short_num(floor.us) + " us (" + floor.how + ")" : "") +
      (checks.empty() ? std::string()
                      : "; fresh-set check at timed sample " + std::to_string(checks[0].at)) +
      (t.audited_at.empty() || t.audited_at[0] < 0
           ? ""
           : "; timed sample " + std::to_string(t.audited_at[0]) + " audited") +
      "; " + *adversarial + (t.note.empty() ? "" : "; " + t.note) +
      (carried_note.empty() ? "" : "; " + carried_note) +
      // Said in every passed gate, and so in the ledger's narrowed checks: a worker without
      // the device derivation times on inputs one element apart (docs/reliability.md P6).
      (derive_ ? "" : "; timed perturbation: one element a run (" + derive_note_ + ")") +
      // The same check either way (the host walk is the definition), but said: where the
      // audits compared is part of what this worker measured (device_compare.h).
      (compare_ ? "" : "; audits compared on the host (" + compare_note_ + ")") +
      // A class the worker would measure, opted out of by the problem or not held on outputs
      // narrower than float64 (class_bound.h): said in every passed gate, and so in the ledger's
      // narrowed checks and the report.
      [&] {
        const std::string n = class_bound_narrowed(p.spec.measured_class, p.resolved);
        return (n.empty() ? n : "; " + n) +
               (p.class_noise_said.empty() ? "" : "; " + p.class_noise_said) +
               (p.fold_said.empty() ? "" : "; " + p.fold_said);
      }();
  return done();
}

}  // namespace solver::gpu
