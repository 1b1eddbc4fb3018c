// Unprofiled timing (docs/gpu-backend.md, the measurement protocol): CUPTI activity records give
// each kernel's GPU time, summed over the variant's launch list per sample; cuEvents around the
// same launches are the cross-check. Before each sample: the next input set (rotation over several
// sets, each at its own addresses), outputs poisoned, scratch filled with garbage, and the L2
// flushed by writing twice its size, so no sample reads the last one's data from cache.
// Warm-up runs first. The SM clock is read after every sample. The output check after timing
// is one sample of the sequence, at a seeded random place, on a fresh set copied into set 0's
// buffers (FreshCheck); the module is loaded afresh before every sequence, and the `in`
// buffers of every set are verified after it. The median must respect the physical floor in
// every timing (gate, time, time_pairs), at the rate of the declared precision class.
#include <cupti.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <random>

#include "engine/backend/audit_choice.h"
#include "engine/backend/gpu/activity_trace.h"
#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/protocol_io.h"
#include "engine/backend/gpu/run_input_guard.h"
#include "engine/backend/gpu/worker.h"
#include "engine/backend/law_verdict.h"
#include "engine/backend/paired_verdict.h"
#include "engine/backend/sequence_plan.h"
#include "profiling/launch_gaps.h"

namespace solver::gpu {

namespace {

double median_of(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

struct Event {
  CUevent e = nullptr;
  Event() { CU_CHECK(cuEventCreate(&e, CU_EVENT_DEFAULT)); }
  ~Event() { cuEventDestroy(e); }
};

}  // namespace

TimedSeries Worker::time_sequence(const std::vector<Prepared*>& runners,
                                  const std::vector<int>& order,
                                  const std::vector<FreshCheck>& checks,
                                  const std::function<bool(const TimedSeries&)>& stop,
                                  uint32_t audit_runs, uint32_t extra_audit_runs,
                                  const std::function<bool(const TimedSeries&)>& extra_if,
                                  int extra_audits) {
  NvtxRange range("time");
  CUstream stream = ctx_->stream();
  if (!l2_flush_)
    l2_flush_ =
        std::make_unique<DeviceBuffer>(size_t(2 * std::max<int64_t>(device_.l2_bytes, 1 << 20)));
  // P8 (engine/backend/sequence_plan.h): the same schedule in every op. Each runner's warm-ups,
  // its untimed traced run and its timed runs take the slots of one rotation rule; the check
  // runs on the slot its run gets anyway.
  std::vector<int> check_at;
  for (const FreshCheck& c : checks) check_at.push_back(c.at);
  const std::vector<engine::SequenceRun> schedule =
      engine::sequence_schedule(int(runners.size()), order, check_at);
  for (Prepared* p : runners)
    if (p->timing_sets < engine::kRotationSets)
      throw std::logic_error("timed sequence of " + p->resolved.key + " with " +
                             std::to_string(p->timing_sets) + " rotation sets, not " +
                             std::to_string(engine::kRotationSets));
  // What a timed run ran on: its set and, where one element was perturbed, which (the audit
  // makes the same change again for its reference run).
  struct Ran {
    int set = -1;
    bool flipped = false;
    DeviceBuffers::Flip flip;
    std::string mutated;  // P7b: the inputs' digest before or after the run differed
    bool before = false;  // found before the run: an earlier run changed a set not its own
  };
  RunInputGuard guard;  // P7b: every run's inputs, by device digests (run_input_guard.h)
  auto run = [&](Prepared& p, int set, CUevent before, CUevent after, uint64_t* t0, uint64_t* t1,
                 bool check = false) {
    Ran ran;
    ran.set = set;
    beat("timed run " + p.resolved.key, p.timeout_ms);
    if (!check) {
      ran.mutated = guard.before(*p.buffers, p.resolved, set);
      ran.before = !ran.mutated.empty();
      if (ran.before) return ran;
    }
    // Every timed run but the check sees input bytes no run saw before: every position of
    // every input that may change redrawn, a few planted (DeviceBuffers::perturb,
    // docs/reliability.md P6), made on the device before the outputs' preparation and the L2
    // flush. Its cost (made and undone, waited for) is the phase "perturb".
    bool flipped = false;
    if (!check && t0) {
      PhaseScope cost("perturb");
      flipped = p.buffers->perturb(set, derive_.get(), stream);
      if (flipped) CU_CHECK(cuStreamSynchronize(stream));
    }
    if (flipped) ran.flip = p.buffers->current_flip();
    ran.flipped = flipped;
    // Every run from the module image, its local frames rewritten (red teams 8, 9).
    fresh_run_state(p);
    if (check)
      guard.skip();
    else
      guard.arm(*p.buffers, set);
    p.buffers->prepare_variant_run(set, stream);
    // Lines loaded under L2::evict_last outlive the memset below (red team 3, docs/reliability.md
    // P8): resetting persisting lines to normal first makes the flush evict them too.
    CU_CHECK(cuCtxResetPersistingL2Cache());
    CU_CHECK(cuMemsetD32Async(l2_flush_->ptr(), ++l2_flush_value_, l2_flush_->bytes() / 4, stream));
    CU_CHECK(cuStreamSynchronize(stream));
    if (t0) cuptiGetTimestamp(t0);
    if (before) CU_CHECK(cuEventRecord(before, stream));
    p.module->launch(stream, p.buffers->variant_args(set));
    if (after) CU_CHECK(cuEventRecord(after, stream));
    CU_CHECK(cuStreamSynchronize(stream));
    if (t1) cuptiGetTimestamp(t1);
    if (!check) ran.mutated = guard.after(*p.buffers, p.resolved, set);
    if (flipped) {
      PhaseScope cost("perturb");
      p.buffers->unflip();
    }
    return ran;
  };
  TimedSeries out;  // sized before the first run: a failure may end the sequence at any run
  out.kernel_us.resize(runners.size());
  out.event_us.resize(runners.size());
  out.gap_frac.resize(runners.size());
  out.audited_at.assign(runners.size(), -1);
  // Found after a run: its runner wrote its own set; found before: the set changed while
  // other sets were in use, and the runner of the run before (the last on the device) is named.
  int last_runner = -1;
  auto mutated = [&](int r, const Ran& ran, const std::string& where) {
    const int who = ran.before && last_runner >= 0 ? last_runner : r;
    out.failed_runner = who;
    out.failure.status = engine::GateStatus::InputMutated;
    out.failure.detail =
        ran.mutated + ", " + where + ", input set " + std::to_string(ran.set) +
        (ran.before ? "; the run before it was " + runners[size_t(who)]->resolved.key + "'s" : "");
  };
  size_t k = 0;  // the next entry of the schedule
  std::optional<PhaseScope> step;
  step.emplace("warmup");
  for (; k < schedule.size() && schedule[k].sample < 0 &&
         k < runners.size() * size_t(engine::kWarmupRuns);
       ++k) {
    Ran ran = run(*runners[size_t(schedule[k].runner)], schedule[k].slot, nullptr, nullptr, nullptr,
                  nullptr);
    if (!ran.mutated.empty()) {
      mutated(schedule[k].runner, ran, "at a warm-up run");
      return out;
    }
    last_runner = schedule[k].runner;
  }
  step.emplace("samples");

  bool traced = true;
  try {
    ActivityTrace::instance().start();
  } catch (const std::exception& e) {
    traced = false;
    out.note = std::string("no activity trace (") + e.what() + "): event times stand in";
  }
  // One untimed run per runner with the trace on: the first launch after enabling it carries
  // CUPTI's set-up in its event time (5 ms against 0.26 ms seen on the H200). Their records
  // fall before the first window and are skipped. Made with or without a trace: the schedule
  // does not depend on it.
  for (; k < schedule.size() && schedule[k].sample < 0 && out.failed_runner < 0; ++k) {
    Ran ran = run(*runners[size_t(schedule[k].runner)], schedule[k].slot, nullptr, nullptr, nullptr,
                  nullptr);
    if (!ran.mutated.empty()) mutated(schedule[k].runner, ran, "at the traced untimed run");
    last_runner = schedule[k].runner;
  }
  std::vector<std::pair<uint64_t, uint64_t>> windows;
  std::vector<int> timed_runner;  // the runner of each window
  std::vector<double> clocks;
  Event before, after;
  // P7 (run_audit.cpp): per runner, the timed run kept for the audit, chosen as the runs go by a
  // reservoir of one that only this process's random_device seeds.
  // P7e (red team 18): a runner in `extra_audit_runs` keeps 1 + kExtraAudits runs (a reservoir,
  // each chosen after it ran); one of them, uniform over the runs, is always audited, the
  // others where `extra_if` says the sequence's outcome would keep the runner.
  std::vector<std::vector<AuditedRun>> audit(runners.size());
  std::vector<engine::AuditReservoir> choice;
  {
    std::random_device rd;
    for (size_t r = 0; r < runners.size(); ++r) {
      // (`extra_audits`: kExtraAudits, or the law pairs' kLawPairAudits - 1, P6e.)
      const int keep = (extra_audit_runs >> (r & 31) & 1u) ? 1 + std::max(0, extra_audits) : 1;
      audit[r].resize(size_t(keep));
      choice.emplace_back((uint64_t(rd()) << 32) ^ uint64_t(rd()), keep);
    }
  }
  for (; k < schedule.size() && out.failed_runner < 0; ++k) {
    const engine::SequenceRun& e = schedule[k];
    const int r = e.runner;
    uint64_t t0 = 0, t1 = 0;
    Prepared& p = *runners[size_t(r)];
    const FreshCheck* check = e.check ? &checks[size_t(r)] : nullptr;
    // Fresh values at seen addresses, in this run's slot: a pointer-keyed cache serves stale.
    if (check) p.buffers->copy_inputs(check->fresh, e.slot, stream);
    Ran ran = run(p, e.slot, before.e, after.e, &t0, &t1, check != nullptr);
    if (!ran.mutated.empty()) {
      mutated(r, ran, "at timed sample " + std::to_string(e.sample));
      break;
    }
    last_runner = r;
    // The fresh-set check is verified where it stands; every other timed run may be the
    // audited one (its outputs copied aside now, after the timed window closed).
    int slot = -1;
    if ((audit_runs >> (r & 31) & 1u) && !check && (slot = choice[size_t(r)].offer()) >= 0) {
      AuditedRun& a = audit[size_t(r)][size_t(slot)];
      a.sample = e.sample;
      a.set = ran.set;
      a.flipped = ran.flipped;
      a.flip = ran.flip;
      a.output_digests = p.buffers->save_outputs(a.outputs, stream);
    }
    float ms = 0;
    CU_CHECK(cuEventElapsedTime(&ms, before.e, after.e));
    out.event_us[size_t(r)].push_back(ms * 1000.0);
    windows.push_back({t0, t1});
    timed_runner.push_back(r);
    clocks.push_back(clocks_->sm_clock_mhz());
    if (check) {
      bool ok = check_fresh(p, e.slot, check->fresh, out.failure,
                            "check after timing, at timed sample " + std::to_string(check->at));
      p.buffers->restore_inputs(e.slot);
      if (!ok) {
        out.failed_runner = r;
        break;
      }
    }
    if (stop && stop(out)) break;
  }
  step.emplace("trace");
  out.sm_clock_mhz = median_of(clocks);
  std::vector<KernelRecord> records;
  if (traced) {
    try {
      records = ActivityTrace::instance().stop();
    } catch (const std::exception& e) {
      traced = false;
      out.note = std::string("activity trace failed (") + e.what() + "): event times stand in";
    }
  }
  // The audits, once the trace is off (their reference runs are no samples), unless a check
  // in the sequence has already failed.
  if (out.failed_runner < 0) {
    step.emplace("audit");
    const bool extra = !extra_if || extra_if(out);
    int extra_done = 0;
    for (size_t r = 0; r < runners.size() && out.failed_runner < 0; ++r) {
      engine::GateResult g;
      if (!audit_kept(*runners[r], audit[r], choice[r], extra, out.audited_at[r], extra_done, g)) {
        out.failed_runner = int(r);
        out.failure = g;
      }
    }
    if (extra_done > 0)
      out.note += (out.note.empty() ? "" : "; ") + std::to_string(extra_done) +
                  " more timed run(s) audited (P7e)";
    step.emplace("trace");
  }
  // Each sample ran alone between two synchronisations: its kernels are the records whose start
  // falls in its window.
  size_t next = 0;
  int mismatches = 0;
  for (size_t k = 0; k < windows.size(); ++k) {
    size_t r = size_t(timed_runner[k]);
    size_t sample = out.kernel_us[r].size();
    if (!traced) {
      out.kernel_us[r].push_back(out.event_us[r][sample]);
      continue;
    }
    double sum = 0;
    size_t kernels = 0;
    while (next < records.size() && records[next].start_ns < windows[k].first) ++next;
    std::vector<std::pair<uint64_t, uint64_t>> intervals;
    while (next < records.size() && records[next].start_ns <= windows[k].second) {
      sum += records[next].duration_us();
      intervals.emplace_back(records[next].start_ns, records[next].end_ns);
      ++kernels;
      ++next;
    }
    if (auto gap = profiling::idle_fraction(std::move(intervals))) out.gap_frac[r].push_back(*gap);
    if (kernels != runners[r]->resolved.launches.size()) {
      ++mismatches;
      sum = out.event_us[r][sample];
    }
    out.kernel_us[r].push_back(sum);
  }
  if (mismatches)
    out.note += (out.note.empty() ? "" : "; ") + std::to_string(mismatches) +
                " sample(s) without the expected kernel records: event time used";
  return out;
}

namespace {

// Rotation sets of every timed sequence (P8), then the fresh set's seed and the check positions.
constexpr int kTimingSets = engine::kRotationSets;

}  // namespace

engine::TimeSamples Worker::time(const engine::VariantRef& v, int samples, uint64_t seed) {
  engine::TimeSamples t;
  PhaseTimer timer(&t.phases_ms);
  timer.start("prepare");
  // The rotation sets are the worker's standing sets (cached with their references across
  // requests); what is new per request is the fresh set of the check and its position.
  std::vector<uint64_t> rotation = standing_seeds(kTimingSets);
  auto seeds = derive_seeds(seed ? seed : 0x5eed2026, kTimingSets + 1);
  Preparation prep = prepare(v, rotation, true, /*references=*/true);
  if (!prep.prepared) {
    t.detail = std::string(engine::to_string(prep.failure.status)) + ": " + prep.failure.detail;
    t.failure = prep.failure.status;
    return t;
  }
  Prepared& p = *prep.prepared;
  timer.start("fresh set");
  reload(p);
  int fresh = add_fresh_set(p, seeds[kTimingSets]);
  std::mt19937_64 rng(seeds[kTimingSets]);
  FreshCheck check{int(rng() % uint64_t(samples)), fresh};
  timer.start("timing");
  TimedSeries s = time_sequence({&p}, engine::single_order(samples), {check});
  timer.start("checks");
  t.kernel_us = s.kernel_us[0];
  t.event_us = s.event_us[0];
  t.sm_clock_mhz = s.sm_clock_mhz;
  t.clock_source = clocks_->source();
  engine::GateResult g;
  if (s.failed_runner >= 0)
    g = s.failure;
  else
    check_inputs_after_timing(p, g);
  if (g.status == engine::GateStatus::WrongResult || g.status == engine::GateStatus::InputMutated) {
    t.ok = false;
    t.failure = g.status;
    t.detail =
        std::string(g.status == engine::GateStatus::WrongResult ? "wrong result after timing: "
                                                                : "input mutated during timing: ") +
        g.detail;
    if (const std::string off = off_law_note(p);
        g.status == engine::GateStatus::WrongResult && !off.empty())
      t.detail += "; " + off;
    return t;
  }
  std::string fast = floor_violation(p, t.kernel_us);
  if (!fast.empty()) {
    t.ok = false;
    t.failure = engine::GateStatus::TooFast;
    t.detail = "too fast in timing: " + fast;
    return t;
  }
  t.ok = true;
  t.detail = s.note;
  return t;
}

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
  // a win. Pairs then run on the same set, byte for byte, one after the other.
  Preparation pa = prepare(a, rotation, true, true);
  if (!pa.prepared)
    return PairFailure{pa.failure.status, std::string(engine::to_string(pa.failure.status)) + ": " +
                                              pa.failure.detail};
  Preparation pb = prepare(b, rotation, true, true, nullptr, pa.prepared.get());
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
  TimedSeries s =
      time_sequence({pa.prepared.get(), pb.prepared.get()}, order, checks, decided,
                    /*audit: both arms (P7b)*/ 0b11u, /*extra: the candidate*/ 0b10u, keeps);
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
    if (auto failed = time_law_pairs(*pa.prepared, *pb.prepared, shared, out)) return *failed;
  }
  timer.stop();
  return out;
}

}  // namespace solver::gpu
