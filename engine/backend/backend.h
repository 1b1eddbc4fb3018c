// The GPU boundary: the one interface the loop talks to. Two implementations:
//  - LiveBackend (live_backend.cpp): drives the `solver-gpu` worker process, which holds the
//    CUDA context, so a faulting or hanging kernel kills the worker, never the loop.
//  - RecordedBackend (recorded_backend.cpp): serves measurements recorded earlier on a real GPU.
// Nothing above this header includes a CUDA, CUPTI or NVRTC header.
#pragma once
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "generators/problem_spec.h"
#include "profiling/pc_lines.h"
#include "rules/chips.h"
#include "rules/signals.h"

namespace solver::engine {

struct VariantRef {
  std::string problem;  // problem name
  std::string variant;  // variant id
  generators::KnobValues knobs;
  // The problem folder to load instead of <problems root>/<problem>: set only for a variant an
  // external generator wrote (run_dir/generated/<track>/<problem>, generators/generated_pool.h).
  // Measurements are keyed by problem and key alone, as for a pool variant.
  std::string problem_dir = {};
  std::string key() const { return generators::variant_key(variant, knobs); }
  bool operator==(const VariantRef&) const = default;
};

// Outcome of compile + correctness gate. Every failure is a value, never an exception.
enum class GateStatus {
  Passed,
  InvalidSpec,   // static validation refused it (smem over the chip's limit, partial warps...)
  CompileError,  // NVRTC failed; log in `detail`
  WrongResult,   // an element outside tolerance, a NaN, or an unwritten output
  Fault,         // illegal address, abort, launch failure: the worker died or the context broke
  Timeout,       // the watchdog killed a kernel that did not return
  TooFast,       // faster than the physical floor allows: a defect, not a win
  NotRecorded,   // recorded backend: this variant was never measured
  NoDevice,      // live backend: no GPU / driver on this machine
  // A candidate is assumed hostile (DESIGN.md, measurement protocol):
  InputMutated,        // an `in` buffer's device copy changed during a checked run (digest)
  InconsistentTiming,  // its paired time disagrees with its gate time beyond noise
  PrecisionMismatch,   // its PTX computes in a lower precision than the class it declares
};
const char* to_string(GateStatus s);
std::optional<GateStatus> gate_status_from_string(std::string_view s);

// The deferred adversarial gate (docs/reliability.md P16, engine/backend/gate_parts.h): a
// candidate's gate in two parts around the paired verdict. Full: every check, as before (the
// seed, the incumbent, `record`, `problems check`, --eager-adversarial). Regular: what the sweep
// gate does (compile, the precision scan, the first regular input set, the gate's timed series
// with its floor). Deferred: the rest of the full gate (the other regular sets, adversarial sets,
// tolerance lint, fresh-set check and timed-run audit in a timed series of its own), run only
// for a candidate the paired verdict would keep.
enum class GatePart { Full, Regular, Deferred };
const char* to_string(GatePart p);
std::optional<GatePart> gate_part_from_string(std::string_view s);
// Which of those checks a gate result covers. None: a full gate (nothing was deferred). NotRun:
// the regular part only, the deferred checks have not run. Ran: both parts, merged (status and
// detail of the deferred part where it failed).
enum class DeferredChecks { None, NotRun, Ran };
const char* to_string(DeferredChecks d);
std::optional<DeferredChecks> deferred_checks_from_string(std::string_view s);

struct GateResult {
  GateStatus status = GateStatus::NotRecorded;
  std::string detail;                       // compiler log, first bad element, fault message...
  std::string source_hash;                  // hash of the rendered source + options
  double max_abs_err = 0, max_rel_err = 0;  // over all checked elements
  int input_sets = 0;                       // how many seeded input sets were checked
  std::vector<uint64_t> seeds;
  // The gate's own timed runs (us, in order): the floor check, and the reference the paired
  // time must agree with (inconsistent_timing). Empty where unknown (older recordings).
  std::vector<double> timed_us;
  // The SM clock over those runs (MHz; 0 where not measured): the sweep gate's timed series is
  // the recording's samples (`solver record --sweep`), so its clock goes with them.
  double sm_clock_mhz = 0;
  // Wall time of the gate's phases (ms: "inputs", "reference", "checks", "adversarial",
  // "timing"...), so the cost of each defence can be measured.
  std::map<std::string, double> phases_ms;
  // The answer of an earlier gate of the same variant in this run (MemoBackend), not a new one.
  bool reused = false;
  // The problem's reference verified homogeneous in its float inputs (true) or shown not to be
  // (false) by the gate's exponent-range set, here or in an earlier gate of the worker; absent
  // where no gate learnt it (a sweep gate, no adversarial set applies, a failure before). A
  // property of the problem, not of the variant: the live backend carries it to every later
  // request that times the problem (WorkerRequest::homogeneous), so pairs timed by a worker
  // that never gated the problem (a restart) shrink positive laws as the gate's runs did (P6c).
  std::optional<bool> homogeneous;
  // The problem's verified runs are redraws i.i.d. from its declared law (true: the gate's
  // tolerance lint found set 0 telling every output from its 1-in-2 echo by the bar of
  // engine/backend/gpu/law_checks.h, P6h) or off it (false); absent where no lint ran. Carried
  // like `homogeneous` (WorkerRequest::law_checks).
  std::optional<bool> law_checks;
  // What of the full gate this covers (GatePart above); None for a full gate and in records
  // made before the deferred order.
  DeferredChecks deferred = DeferredChecks::None;
  bool passed() const { return status == GateStatus::Passed; }
};

// Whether a kernel that failed `g` can still be diagnosed (profiled and classified, the gate's
// outcome said beside the verdict: issue 29): it ran to the end and only its answer, its speed,
// its inputs' integrity, its timing's consistency, its precision or the problem's tolerance
// (the lint's invalid_spec, a property of the spec that every candidate shares) was refused.
// Not a kernel that crashed, hung or did not compile, nor a spec that cannot run.
bool gate_failure_diagnosable(const GateResult& g);

struct ProfileResult {
  bool ok = false;
  std::string detail;
  rules::SignalSet signals;
  std::map<std::string, double> raw_metrics;  // CUPTI metric name -> value
  double time_us = 0;  // unprofiled median, the time signals were derived from
  // Where each signal came from (profiling::to_string(Origin): unprofiled, profiled, driver...).
  std::map<std::string, std::string> signal_origin;
  // Derived values outside their signal's range, left out of `signals` (Derivation::defects).
  std::vector<std::string> defects;
  std::map<std::string, double> phases_ms;  // worker wall time per phase (ms)
  // Stall reasons per source line of the dominant launch (CUPTI PC sampling, issue 31): absent
  // where the pass was turned off or the profile predates it; ok false with the reason where
  // it failed (the profile itself stands).
  std::optional<profiling::PcSampling> pc_sampling;
};

// Kernel times in microseconds, one entry per pair, measured alternately.
struct PairSamples {
  std::vector<double> incumbent_us;
  std::vector<double> candidate_us;
  double sm_clock_mhz = 0;
  // When the timing itself failed, what that amounts to and why, with both lists empty:
  // WrongResult (the output check after timing failed), Timeout or Fault (the worker hung or
  // died while timing), NotRecorded (a recording without these samples), NoDevice. A kernel
  // that breaks only under repeated launches is an outcome to record, never "no samples".
  std::optional<GateStatus> failure;
  std::string detail;
  std::map<std::string, double> phases_ms;  // worker wall time per phase (ms)
  // Live only: whether both members ran on the same device buffers (same addresses, same
  // bytes), which the worker does wherever their buffer layouts match, so that no placement
  // difference between two allocations reads as a speed difference. Unset in recordings.
  std::optional<bool> shared_buffers;
  // Live only, where shared_buffers is false (red team 34): whether the two allocations were
  // exchanged between the members on engine/backend/placement_plan.h's schedule (each member
  // on each allocation for half the pairs, so placement enters both alike). Unset otherwise and
  // in records made before it (on_separate_buffers then holds such a verdict to its old bound).
  std::optional<bool> exchanged_allocations;
  // Live only (P6d, red team 18): where the timed pairs say "faster", the same two kernels
  // timed again, pair for pair, on inputs redrawn i.i.d. from the declared laws (no planted
  // cells, no shrink: the data the problem means), the candidate's runs audited (P6e). The verdict
  // is kept only where these pairs show a gain too (law_verdict.h decide_on_law). Empty otherwise
  // and offline.
  std::vector<double> law_incumbent_us;
  std::vector<double> law_candidate_us;
  // P6e (red team 19): how many of the candidate's law-pair runs were audited (their outputs
  // compared with the reference on the same law data) and passed. A speed on runs nothing
  // verified decides no verdict: law pairs with none audited cannot keep a candidate.
  int law_audited = 0;
  // Live only (P5, red team 37): how many of the pairs' verified runs (their audits) passed only
  // under P6p's conditioning allowance (fold_bound.h), not the plain tolerance. Said in the
  // verdict's reason, the ledger ("pair_fold_rescued") and its narrowed checks; 0 offline.
  int fold_rescued = 0;
};

// How many pairs a paired timing takes, and where it may stop early (the sequential rule of
// engine/backend/paired_verdict.h, which the worker applies while it times).
inline constexpr int kMinPairs = 5;
inline constexpr double kAlpha = 0.05;  // two-sided, of the whole (sequential) decision
// The adaptive rule (docs/reliability.md P10, engine/backend/adaptive_pairs.h): at most this
// many looks are taken, each at kAdaptiveLookAlpha, so P(false "faster") <= 3 x 0.0033 = 1%.
inline constexpr int kAdaptiveLooks = 3;
inline constexpr double kAdaptiveLookAlpha = 0.02 / kAdaptiveLooks;  // two-sided, per look
inline constexpr int kAdaptiveMaxPairs = 128;
struct PairPlan {
  int max_pairs = 16;
  bool sequential = true;
  int first_look = 8;  // the first look; then every look_step pairs, and at max_pairs
  int look_step = 4;
  double min_gain = 0.01;  // the verdict's g (rules file), which the stopping rule needs too
  // Adaptive (P10): the first `first_look` pairs are a pilot whose spread sets the cap
  // (adaptive_cap, never their verdict); looks on the ladder 2 x first_look, 4 x, ... up to
  // max_pairs, the last kAdaptiveLooks of them up to the cap, each at kAdaptiveLookAlpha.
  bool adaptive = false;
  PairPlan() = default;
  // A fixed number of pairs, one look: the rule as it was before sequential timing.
  PairPlan(int fixed_pairs) : max_pairs(fixed_pairs), sequential(false) {}  // NOLINT: implicit
  // The adaptive rule up to `max` pairs.
  static PairPlan adaptive_plan(int max = kAdaptiveMaxPairs, double min_gain = 0.01) {
    PairPlan p;
    p.adaptive = true;
    p.max_pairs = max;
    p.min_gain = min_gain;
    return p;
  }
  std::vector<int> looks() const;  // ascending, ends with max_pairs (adaptive: the whole ladder)
  double look_alpha() const {
    return adaptive ? kAdaptiveLookAlpha : kAlpha / double(looks().size());
  }
};

struct BackendInfo {
  std::string kind;         // "live" or "recorded"
  std::string chip_id;      // chips.yaml id of the device (or of the recording)
  std::string device_name;  // as the driver reports it
  std::string note;         // e.g. "no GPU on this machine: serving recording tests/data/..."
  std::string recording;    // path of the recording (recorded backend)
};

// Unprofiled time samples of one variant.
struct TimeSamples {
  std::vector<double> kernel_us;  // CUPTI activity: sum of the variant's kernels, per sample
  std::vector<double> event_us;   // cuEvent elapsed around the same launches (cross-check)
  double sm_clock_mhz = 0;
  std::string clock_source;  // "nvml" or "device attribute (max)"
  bool ok = false;
  std::string detail;
  // When the timing failed (ok false): the gate outcome it amounts to (Timeout, Fault,
  // WrongResult, NotRecorded, NoDevice), with the reason in `detail`.
  std::optional<GateStatus> failure;
  std::map<std::string, double> phases_ms;  // worker wall time per phase (ms)
};

struct DeviceInfo;       // worker_protocol.h
struct Ceilings;         // worker_protocol.h
struct Recording;        // recording.h
struct RecordedVariant;  // recording.h

// The seam: what the loop asks of a GPU, live or recorded. The first five are what every
// backend does; the rest are optional parts that a backend without them answers with
// nothing (nullptr, nullopt, 0), so callers ask instead of casting.
class Backend {
 public:
  virtual ~Backend() = default;
  virtual BackendInfo info() const = 0;
  virtual GateResult gate(const VariantRef& v) = 0;
  // One part of the gate (GatePart). A backend that cannot split its gate answers every part
  // with the full gate (deferred None), and the loop then has nothing left to run after the
  // verdict.
  virtual GateResult gate_part(const VariantRef& v, GatePart /*part*/) { return gate(v); }
  virtual ProfileResult profile(const VariantRef& v) = 0;
  // `samples` unprofiled kernel times of one variant, with their event-timed cross-check (for
  // recordings and the roofline); a failure comes back as an outcome, never as no samples.
  virtual TimeSamples time_samples(const VariantRef& v, int samples, uint64_t seed) = 0;
  // Alternating measurements of incumbent and candidate, up to plan.max_pairs, stopping at the
  // first look of a sequential plan where the verdict is decided (stop_after). `seed` makes a
  // recorded backend's draw deterministic; the live backend records it and ignores it.
  virtual PairSamples time_pairs(const VariantRef& incumbent, const VariantRef& candidate,
                                 const PairPlan& plan, uint64_t seed) = 0;

  // Optional: the device the backend measures on (live: what the worker reported at open).
  virtual const DeviceInfo* device() const { return nullptr; }
  // Optional: the chip's measured ceilings (live: measured once per chip, cached on disk).
  virtual std::optional<Ceilings> ceilings();
  // Optional: worker processes started so far (live: 1 at open, one more after each fault).
  virtual int workers_started() const { return 0; }
  // Optional, recorded measurements: the recording served, one variant's measurements
  // (nullptr when absent or stale), and marking a variant stale (its kernel source changed
  // since it was measured, so its numbers are not its own).
  virtual const Recording* recording() const { return nullptr; }
  virtual const RecordedVariant* lookup(const VariantRef& v) const { return nullptr; }
  virtual void set_stale(const std::string& problem, const std::string& key,
                         const std::string& why) {}
};

}  // namespace solver::engine
