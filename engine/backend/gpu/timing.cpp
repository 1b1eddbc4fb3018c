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
#include "engine/backend/placement_plan.h"
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
                                  int extra_audits, bool exchange) {
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
  // Red team 34 (engine/backend/placement_plan.h): two runners on separate buffers exchange
  // their arenas before the timed entries the plan names, so each runs as often on either
  // allocation; both fitted to one size here, before any run of the sequence.
  std::vector<int> exchanges;
  if (exchange && runners.size() == 2 && runners[0]->buffers != runners[1]->buffers) {
    exchanges = engine::placement_exchanges(order);
    if (!exchanges.empty()) {
      DeviceBuffers& a = *runners[0]->buffers;
      DeviceBuffers& b = *runners[1]->buffers;
      const size_t need =
          std::max(a.arena_slide(), b.arena_slide()) + std::max(a.arena_window(), b.arena_window());
      a.fit_arena(need, stream);
      b.fit_arena(need, stream);
    }
  }
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
  const size_t first_timed = k;  // schedule entry k is the timed entry k - first_timed of order
  for (; k < schedule.size() && out.failed_runner < 0; ++k) {
    const engine::SequenceRun& e = schedule[k];
    const int r = e.runner;
    if (std::binary_search(exchanges.begin(), exchanges.end(), int(k - first_timed))) {
      // Between two pairs, outside every timed window: the bytes move with each member, so
      // its inputs' digests hold; the next run verifies its set in full (guard.skip).
      PhaseScope cost("exchange");
      exchange_arenas(*runners[0]->buffers, *runners[1]->buffers, stream);
      guard.skip();
      ++out.exchanges;
    }
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

}  // namespace solver::gpu
