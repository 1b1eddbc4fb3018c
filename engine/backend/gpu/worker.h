// The worker's state and its ops (docs/gpu-backend.md). One CUDA context for the life of the
// process; a sticky CUDA error ends the process (worker_main.cpp), so no op ever runs on a
// broken context. Each op reloads the problem spec, so an edited problem folder is seen at once.
#pragma once
#include <deque>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "engine/backend/audit_choice.h"
#include "engine/backend/gpu/byte_lru.h"
#include "engine/backend/gpu/clocks.h"
#include "engine/backend/gpu/cuda_driver.h"
#include "engine/backend/gpu/device_buffers.h"
#include "engine/backend/gpu/device_compare.h"
#include "engine/backend/gpu/device_shares.h"
#include "engine/backend/gpu/input_lint.h"
#include "engine/backend/gpu/law_regions.h"
#include "engine/backend/gpu/lint_cache.h"
#include "engine/backend/gpu/lint_shares.h"
#include "engine/backend/gpu/local_scrub.h"
#include "engine/backend/gpu/phase_log.h"
#include "engine/backend/gpu/sample_lint.h"
#include "engine/backend/gpu/scratch_resolution.h"
#include "engine/backend/gpu/variant_module.h"
#include "engine/backend/worker_protocol.h"
#include "generators/compile_cache.h"
#include "generators/cubin_module_data.h"
#include "generators/module_state.h"
#include "generators/problem_spec.h"
#include "generators/ptx_precision.h"
#include "generators/ptx_scan.h"
#include "profiling/pc_module_cache.h"
#include "rules/chips.h"
#include "rules/outcome.h"

namespace solver::gpu {

struct WorkerConfig {
  std::string problems_root;
  std::string chips_file;
  std::string cache_dir;
  int timeout_ms = 0;  // 0 = the problem's
  // The tolerance lint's verdict cache (lint_cache.h) in cache_dir's folder; --no-lint-cache
  // (problems check --no-cache) turns it off, as SOLVER_LINT_CACHE=0 does.
  bool lint_cache = true;
};

// A variant made runnable: resolved, compiled, loaded, with its reference and its buffers.
struct Prepared {
  generators::ProblemSpec spec;
  generators::ResolvedVariant resolved, reference;
  std::string cubin;  // kept: the module is reloaded between phases (no __device__ state survives)
  std::unique_ptr<VariantModule> module, reference_module;
  // Shared between the two members of a paired timing whose layouts match (Worker::prepare's
  // `share_with`): both then run on the same addresses. The DeviceBuffers keep a reference to
  // the owning Prepared's `resolved`, so the owner must outlive every sharer.
  std::shared_ptr<DeviceBuffers> buffers;
  int timeout_ms = 10000;
  // Sets [0, timing_sets) rotate in timed runs (engine::kRotationSets, sequence_plan.h); later
  // ones are checks only.
  int timing_sets = 0;
  std::optional<generators::TensorOps> tensor_ops;  // MMAs in the variant's PTX, if scanned
  std::optional<bool> gemm_loop;  // a launched entry has a matrix-product loop, if scanned
  std::optional<int> load_chain;  // loads that wait on their own earlier value, if scanned
  // The lane-contiguous and strided shares of its global accesses, if scanned.
  std::optional<double> contiguous_access_frac, strided_access_frac;
  std::optional<double> store_fill_frac;  // the sector-filling share of its stores, if scanned
  std::optional<double> index_load_frac;  // the index loads' share of its accesses, if scanned
  std::optional<int> guard_lanes;  // the lanes a leading threadIdx.x guard lets work, if any
  std::string precision_issue;            // non-empty: the PTX computes below the declared class
  // What the PTX computes in (formats, MMAs, dp4a), if scanned: the floor's rate (floor_rate.h).
  std::optional<generators::PtxPrecision> code_precision;
  // The PTX declares module variables (.global): the module is reloaded before every run of a
  // timed sequence, so no run sees what an earlier one left there (red team 8).
  bool module_memory = false;
  // The module-scope .global variables its PTX declares (generators/ptx_module_memory.h): memory
  // a run's launches can keep intermediates in, judged as scratch by P4m (red team 38).
  std::vector<std::string> module_globals;
  // their word widths: what the code stores there (generators/ptx_store_words.h stored_word_bytes),
  // else the declaration's (PtxModuleMemory)
  std::vector<int> module_global_bytes;
  // Module arrays the code only writes (generators/ptx_store_words.h write_only), by PTX name:
  // not read back by P4m, named in its "not judged" line.
  std::vector<std::string> module_write_only;
  // Per buffer (index into resolved.buffers): the word bytes its code stores (0: no typed store,
  // the dtype's width) and whether the code only writes it (P4m's scratch words; issue 28).
  std::vector<int> scratch_word_bytes;
  std::vector<bool> scratch_write_only;
  // Where module_memory: the variables of the image's module-data sections (the words P7k reads
  // back, generators/cubin_module_data.h) and the PTX its carried-state verdict scans again.
  std::vector<generators::CubinSymbol> module_symbols;
  std::string module_ptx;
  // Frame sizes the local scrub also runs with, beyond the entries' own frames (red team 12):
  // the deepest per-thread stack the launches can use, callees' frames included
  // (generators/ptxas_info.h deepest_stack), and the driver's stack limit wherever the module has
  // callees (the stack the driver gives a launch that calls). A scrub maps the bytes of a frame of
  // its own size, so each size is its own pass.
  std::vector<int> stack_scrub_bytes;
  // Reference outputs per set, computed before the candidate ran (shared with the cache).
  std::vector<std::shared_ptr<const std::vector<HostDoubles>>> refs;
  // Sets whose magnitude set (HeavyMagnitude: the reference on |inputs|, compare's error
  // scale) is made only when the plain comparison fails, by set index: the seed to derive it
  // from. The plain bound is the magnitude bound without its second term, so a plain pass is a
  // magnitude pass (check_outputs); a failure derives the set from set 0's pristine copy (its
  // keyed digest checked first, device_buffers.cpp) and decides on the magnitude bound.
  std::map<int, uint64_t> magnitude_pending;
  // The measured class bound's scale S, the reference's sensitivity (class_bound.h), made only
  // where the plain class bound failed: set index -> S per output buffer (null: no float64 or
  // float32 input to move, the plain bound is the verdict). Kept apart from magnitude_set, which
  // also loosens the problem's own bound. `audit_class_scale`: the last audited timed run's.
  std::map<int, std::shared_ptr<const std::vector<HostDoubles>>> class_magnitude;
  std::shared_ptr<const std::vector<HostDoubles>> audit_class_scale;
  // The largest class ratio of the last compare_outputs (class_bound.h witness_of: the seed's
  // witness where its class recheck passed).
  double last_class_ratio = 0;
  // Scales (by address, above) the reference's own noise raised (class_bound.h
  // fold_reference_noise), with their narrowed-check line; `class_noise_said`: the line of a
  // class recheck that passed on such a scale, said in the passed gate's detail.
  std::map<const std::vector<HostDoubles>*, std::string> class_noise;
  std::string class_noise_said;
  // P6p (fold_check_op.cpp): the line of an off-law audit that passed on the conditioning
  // allowance only (empty where none did), said in the passed gate's detail.
  std::string fold_said;
  // How many verified runs passed on that allowance only (red team 37: the paired timing's own
  // audits, whose Prepared nothing else reads; PairSamples::fold_rescued carries them out).
  int fold_rescued = 0;
};

// Either a runnable variant, or the gate outcome that stopped it (InvalidSpec, CompileError).
struct Preparation {
  std::unique_ptr<Prepared> prepared;
  engine::GateResult failure;
};

struct TimedSeries {
  std::vector<std::vector<double>> kernel_us;  // per runner, per sample
  std::vector<std::vector<double>> event_us;
  // Per runner, per traced sample: 1 - (union of its kernels' intervals) / (first start to
  // last end): the share of the run's GPU span in which no kernel executed.
  std::vector<std::vector<double>> gap_frac;
  double sm_clock_mhz = 0;
  std::string note;  // activity-trace problems (events then stand in)
  // The check inside the sequence (FreshCheck) or the audit of a timed run after it
  // (AuditedRun): which runner failed (-1: none) and how.
  int failed_runner = -1;
  engine::GateResult failure;
  // Per runner: the timed sample whose outputs were audited after the sequence (-1: none).
  std::vector<int> audited_at;
  // Red team 34: how often two runners on separate buffers exchanged their arenas
  // (placement_plan.h).
  int exchanges = 0;
};

// One timed run kept for the audit after its sequence (docs/reliability.md P7): which sample,
// the set and the perturbation it ran on, and its outputs, copied aside right after it ran.
struct AuditedRun {
  int sample = -1;  // index among the runner's timed samples; -1: none kept
  int set = -1;
  bool flipped = false;
  DeviceBuffers::Flip flip;
  std::vector<DeviceBuffer> outputs;
  std::vector<uint64_t> output_digests;  // of `outputs` when saved (P7c)
};

// The output check placed inside a timed sequence: runner r's sample `at` runs on the inputs of
// set `fresh` copied into set 0's device buffers (addresses the kernel has seen, values it has
// not), and is checked right after (inputs unchanged, outputs against the reference computed
// up front). Set 0 is restored afterwards. at < 0: no check for that runner.
struct FreshCheck {
  int at = -1;
  int fresh = -1;
};

// The PC sampling pass's host half (pc_sampling_op.cpp): the line-info compile and the
// disassembly of its cubin, made on a thread of its own while the range profiler's passes run.
struct PcPrep {
  generators::CompileResult compiled;
  std::shared_ptr<profiling::PcModule> module;  // null when the compile failed
  double compile_ms = 0, disasm_ms = 0;         // wall time on that thread (0 disasm: memo)
};

// A reference's outputs as a comparison reads them, one view per output buffer, wherever they
// are held: the reference cache's doubles (views()), or the audit's read-back into the
// worker's reused page-locked memory (Worker::run_reference_reused).
struct DoublesView {
  const double* data = nullptr;
  size_t size = 0;
};
std::vector<DoublesView> views(const std::vector<HostDoubles>& outputs);

// A number for a human-readable detail line ("255.3", "4.8e+03").
std::string short_num(double v);

// The tolerance output `buffer` (an index into p.resolved.buffers) is compared at on `set`: its
// own or the problem's (generators::output_tolerance), its atol times the set's atol_scale, but
// not below the output format's subnormal rounding (scaled_atol.h).
generators::Tolerance set_tolerance(const Prepared& p, const HostSet& set, size_t buffer);
// One output's Comparison (`buffer`, compared at `tol` on `set`) folded into g: its largest
// errors, at the regular scale, into g's; on a failure WrongResult and the detail (`where` says
// which run; `scaled`: the bound had the magnitude term); with no failure but elements outside
// the measured class bound (class_bound.h), PrecisionMismatch and what to declare. Returns c.ok.
bool fold_comparison(const Prepared& p, const HostSet& set, size_t buffer, const Comparison& c,
                     const generators::Tolerance& tol, bool scaled, engine::GateResult& g,
                     const std::string& where);

// Why a paired timing gave no samples: the status and message the response carries.
struct PairFailure {
  engine::GateStatus status = engine::GateStatus::Fault;
  std::string error;
};

// The fastest time the physics allows for a variant (0 = unknown), and how it was found.
struct PhysicalFloor {
  double us = 0;
  std::string how;
};

class Worker {
 public:
  explicit Worker(WorkerConfig config);
  engine::WorkerResponse handle(const engine::WorkerRequest& r);

  const engine::DeviceInfo& device() const { return device_; }
  // What was wrong with the configuration but did not stop the worker ("" when nothing): the
  // chips table unusable, so the device's chip profile comes from the driver alone.
  const std::string& startup_warning() const { return startup_warning_; }

 private:
  engine::WorkerResponse serve(const engine::WorkerRequest& r);
  // ops
  // sweep: the sweep gate (worker_protocol.h, WorkerRequest::sweep): no adversarial sets, no
  // fresh-set check, one timed run audited; what it left out is in the detail. part: the full gate,
  // or one of its two parts around the paired verdict (engine/backend/gate_parts.h; gate_op.cpp
  // says which step runs in which).
  engine::GateResult gate(const engine::VariantRef& v, int input_sets, uint64_t seed,
                          bool sweep = false, int sweep_samples = 0,
                          engine::GatePart part = engine::GatePart::Full);
  engine::TimeSamples time(const engine::VariantRef& v, int samples, uint64_t seed);
  rules::Outcome<engine::PairSamples, PairFailure> time_pairs(const engine::VariantRef& a,
                                                              const engine::VariantRef& b,
                                                              const engine::PairPlan& plan,
                                                              uint64_t seed);
  // P6d (law_pairs.cpp): the law pairs of a faster time_pairs, into out.law_*_us; a failure
  // (inputs changed) as time_pairs reports one. `exchange`: on separate buffers, the
  // allocations exchanged between pairs as in the timed pairs (red team 34).
  std::optional<PairFailure> time_law_pairs(Prepared& a, Prepared& b, bool shared,
                                            engine::PairSamples& out, bool exchange);
  engine::ProfileResult profile(const engine::VariantRef& v, int samples, bool full,
                                const std::vector<std::string>& metrics, bool pc_sampling);
  // The profile's PC sampling pass over launch `dominant` of `p` (pc_sampling_op.cpp);
  // `dominant_us`: that launch's unprofiled time, which sets the sampling period; `prep`: from
  // start_pc_prep(p), started before the range profiler's passes so its work runs beside them.
  std::future<PcPrep> start_pc_prep(const Prepared& p);
  profiling::PcSampling sample_pcs(Prepared& p, size_t dominant, double dominant_us,
                                   std::future<PcPrep> prep);
  const engine::Ceilings& ceilings();
  // The keyed device digest, compiled on first use; null (host digests of read-back bytes
  // stand in) where it cannot be built, with the reason in digest_note_.
  const DeviceDigest* device_digest();

  // steps
  // `cache_inputs`: take the host inputs from (and keep them in) input_cache_ (every op draws
  // its regular sets from the standing seeds; what is new per request is derived from them).
  // `references`: compute the reference outputs of every set now, before any candidate run
  // can touch the device inputs (the ops that check outputs ask for it).
  // `share_with`: a Prepared of the same problem made from the same seeds; where the two
  // variants' buffers match (same_buffer_layout), the new one runs on its device buffers and
  // takes its references instead of uploading its own.
  Preparation prepare(const engine::VariantRef& v, const std::vector<uint64_t>& seeds,
                      bool cache_inputs = true, bool references = false,
                      std::map<std::string, double>* phases = nullptr,
                      const Prepared* share_with = nullptr);
  // The first `count` of the worker's standing input seeds: the regular sets every op shares
  // (gate, profile, time, time_pairs), so their host copies and references are made once.
  static std::vector<uint64_t> standing_seeds(int count);
  // A fresh module from the kept CUBIN: clears every __device__ variable the kernel set.
  void reload(Prepared& p);
  // Rewrites the local memory a run of p could read (its launches' largest frame, every thread
  // slot; local_scrub.h), enqueued on the worker's stream; nothing where no launch has a frame.
  void scrub_local(const Prepared& p);
  // Before every run of a timed sequence: reload where the PTX declares module variables (red
  // team 8), then scrub_local (red team 9).
  void fresh_run_state(Prepared& p);
  void run_variant(Prepared& p, int set, const char* phase);
  // Reference outputs of `set` (cached per problem, reference hash and set key; least recently
  // used out first; kept in p.refs once computed).
  const std::vector<HostDoubles>& reference_outputs(Prepared& p, int set);
  // One reference run on the device inputs of `set` as they are now, uncached (reference_outputs
  // caches it; the audit runs it on a perturbed set).
  std::vector<HostDoubles> run_reference(Prepared& p, int set, const char* phase);
  // The same run read back into audit_reference_ (reused, page-locked: no page touched again
  // once it held outputs of this size); the views are valid until the next call. For a
  // reference compared once and dropped: the audit's, on its own perturbed inputs.
  std::vector<DoublesView> run_reference_reused(Prepared& p, int set, const char* phase);
  // run_reference's launch: prepare the reference's buffers for `set`, run it, wait.
  void launch_reference(Prepared& p, int set, const char* phase);
  // Checks the last run on device slot `slot`, whose inputs were host set `expected` (slot
  // itself unless a fresh set was copied in): every `in` buffer unchanged (else
  // InputMutated), every output within tolerance of `expected`'s reference (else
  // WrongResult). Fills g on failure, returns ok.
  bool check_outputs(Prepared& p, int slot, engine::GateResult& g, const std::string& when,
                     int expected = -1);
  // The variant's outputs (in its output buffers now) against `want`, the reference outputs of
  // inputs like host set `set` (its tolerance scale); `magnitude`: the reference on |inputs|
  // where the set has one. `where` says which run, for the detail. Fills g on failure.
  // `download` false: the outputs read back by the last call are compared again.
  bool compare_outputs(Prepared& p, const HostSet& set, const std::vector<DoublesView>& want,
                       const std::vector<HostDoubles>* magnitude, engine::GateResult& g,
                       const std::string& where, bool download = true);
  // The audit of a timed run (P7, run_audit.cpp): the reference run on the inputs that run saw
  // (its set with its perturbation made again), against the outputs copied aside after it.
  bool audit_run(Prepared& p, const AuditedRun& a, engine::GateResult& g, const std::string& when);
  // P7e: the audits of the runs a sequence kept for p (run_audit.cpp).
  bool audit_kept(Prepared& p, const std::vector<AuditedRun>& kept, engine::AuditReservoir& choice,
                  bool extra, int& audited_at, int& extra_done, engine::GateResult& g);
  // Every rotation set's `in` buffers unchanged after a timed sequence; fills g on failure.
  bool check_inputs_after_timing(Prepared& p, engine::GateResult& g);
  // After a paired timing on shared buffers found an input changed: which member did it. The
  // inputs are restored and each member runs once alone on a fresh module; the first whose run
  // changes them is named. "" when neither does alone (it happened only in the sequence).
  std::string attribute_mutation(Prepared& a, Prepared& b);
  // Times runs of `runners` in the order given by `order` (indices into runners), after the
  // warm-ups and the untimed traced run of each: the one schedule of every op
  // (engine::sequence_schedule, docs/reliability.md P8). `checks` (per runner, may be empty): the
  // fresh-set check placed in the sequence; a failed one ends the sequence
  // (TimedSeries::failed_runner). `stop` (optional) is asked after every sample, with the event
  // times so far: true ends the sequence there (the sequential pair rule). `audit` (bit r: runner
  // r): one timed run of that runner, chosen after it ran, is checked against the reference when
  // the sequence ends (run_audit.cpp; a failed audit is reported as a failed check). The profile's
  // unprofiled samples, which decide nothing, audit none; a paired timing audits its candidate (the
  // incumbent passed its own audits when it was the candidate). `exchange` (red team 34): two
  // runners on separate buffers exchange their arenas between the pairs that
  // engine/backend/placement_plan.h names (both arenas fitted to one size before the warm-ups).
  TimedSeries time_sequence(const std::vector<Prepared*>& runners, const std::vector<int>& order,
                            const std::vector<FreshCheck>& checks = {},
                            const std::function<bool(const TimedSeries&)>& stop = {},
                            uint32_t audit = ~0u, uint32_t extra_audit = 0u,
                            const std::function<bool(const TimedSeries&)>& extra_if = {},
                            int extra_audits = engine::kExtraAudits, bool exchange = false);
  // Uploads `set` into p's buffers and computes its reference from that untouched copy
  // (`reference` false: not now; see fresh_check_on_device).
  int add_checked_set(Prepared& p, HostSet set, bool reference = true);
  // The derived set `kind` of p's set 0 (input_sets.h), with its reference: made on the
  // device (device_derive.h) where the self-check passed, else on the host and uploaded.
  // -1 when it would change nothing.
  // `strata` (Fresh only): derive_plan's; false only for the lint's twin (add_fresh_set).
  int add_derived_set(Prepared& p, SetKind kind, uint64_t seed, bool reference = true,
                      bool strata = true);
  // The fresh set of the check after timing, added with its reference: set 0 with a few
  // signs flipped (add_derived_set), or a newly seeded set where nothing can be flipped.
  // Where its check is made on the device (fresh_check_on_device), without the reference: that
  // is run at the check, after the check run (fresh_check.cpp).
  // `strata` false: the tolerance lint's twin of it (P8, helper fix38b): the same seed and
  // cells without P6l's strata, a set of its own (key "/unstratified") the candidate never runs
  // on; the check's set carries the strata as every timed run does.
  int add_fresh_set(Prepared& p, uint64_t seed, bool strata = true);
  // Cut (j) (docs/reliability.md, issue 28): whether the fresh-set check inside p's timed
  // series is made on the device: the device comparison and digests exist and no buffer is
  // in-out (whose reference reads a float64 copy no digest covers). Fixed per Prepared, so the
  // set's making and its check agree.
  bool fresh_check_on_device(const Prepared& p) const;
  // The check of a timed series' fresh set (fresh_check.cpp), after the check run on device
  // slot `slot`, into which fresh set `fresh` was copied. On the device: the slot's inputs and
  // the fresh set's own copy against the digests taken when the set was made, the reference
  // run on that copy, the outputs compared with it where both are, the reference's answer
  // zeroed (P11). Else check_outputs. As check_outputs: g filled on failure, returns ok.
  bool check_fresh(Prepared& p, int slot, int fresh, engine::GateResult& g,
                   const std::string& when);
  // The gate's adversarial sets (exponent range up and down, heavy-tailed random signs), each
  // on a fresh module: what ran, or why none applied; nullopt when one fails (g filled).
  // P4 measured in memory (scratch_resolution_op.cpp): the candidate's scratch words (every
  // scratch of 32 or 64 bits, as FP32 or FP64) on a fresh draw and on it moved by 2^-18 and
  // 2^-10, each read before and after its run; a precision_mismatch detail where they do not
  // resolve the fine move, else the note for the gate detail, "not judged" wherever P4m claims
  // something the step does not measure (empty: a class below fp32, or no scratch).
  std::string scratch_resolution_check(Prepared& p, uint64_t seed, bool& refused);
  std::optional<std::string> adversarial_checks(Prepared& p, engine::GateResult& g,
                                                const std::vector<uint64_t>& seeds);
  // P7k (carried_state_op.cpp, generators/module_state.h): where the module has module data,
  // the runs of carried_state_runs() after one reload, each verified, the module's variables
  // read after some; false with g filled (wrong_result, input_mutated, or invalid_spec where a
  // variable that keeps changing decides work), else true with `note` set (empty: nothing said).
  bool carried_state_check(Prepared& p, engine::GateResult& g, std::string& note);
  // The digest of every module variable of p's loaded module, by name; `unread` gets the names
  // the loaded module does not give (cuModuleGetGlobal).
  generators::ModuleSnapshot module_snapshot(const Prepared& p, std::vector<std::string>& unread);
  // "" when the median of `us` is at least 0.7 x the floor, else the TooFast detail.
  std::string floor_violation(const Prepared& p, const std::vector<double>& us);
  PhysicalFloor floor_us(const Prepared& p);

  WorkerConfig config_;
  std::string startup_warning_;
  std::unique_ptr<DeviceContext> ctx_;
  std::unique_ptr<ClockReader> clocks_;
  engine::DeviceInfo device_;
  std::optional<rules::ChipTable> chips_;
  rules::ChipProfile chip_;
  std::unique_ptr<generators::CompileCache> cache_;
  // Line tables and disassemblies of the line-info cubins sampled so far (PC sampling).
  profiling::PcModuleCache pc_modules_;
  // The line-info modules sampled so far, kept loaded (the newest kPcKeptModules): a module
  // loaded where an unloaded sampled one had been got CUPTI's records under the old function's
  // name (docs/pc_sampling.md), so a sampled module's addresses are not given back. Declared
  // after ctx_: destroyed before the context.
  std::deque<std::unique_ptr<VariantModule>> pc_kept_;
  // PC sampling preparations the pass stopped waiting for (kMaxPcWaitMs), running on in the
  // background. Declared after cache_ and pc_modules_, which they use: destroyed (joined) first.
  std::deque<std::future<PcPrep>> pc_pending_;
  std::optional<engine::Ceilings> ceilings_;
  std::unique_ptr<DeviceBuffer> l2_flush_;
  std::unique_ptr<DeviceDigest> device_digest_;
  std::unique_ptr<LocalScrub> local_scrub_;  // compiled on the first variant with a local frame
  // The device derivation of the adversarial and fresh sets: built and self-checked when the
  // worker starts; null when the check failed. It makes the timed runs' perturbation too.
  std::unique_ptr<DeviceDerive> derive_;
  std::string derive_note_;  // why derive_ is null: the self-check's or the compiler's words
  // The audits' comparison on the device (run_audit.cpp): built and self-checked when the
  // worker starts; null when it could not be (or SOLVER_HOST_COMPARE=1), with the reason in
  // compare_note_, which every gate's detail then carries.
  std::unique_ptr<DeviceCompare> compare_;
  std::string compare_note_;
  // The tolerance lint's share passes on the device (device_shares.h): built and self-checked
  // on the first lint; null when it could not be (or SOLVER_HOST_SHARES=1), the lint then
  // compares on the host (the same shares and verdicts, slower), the reason on stderr.
  std::unique_ptr<DeviceShares> shares_;
  bool shares_tried_ = false;
  std::string shares_note_;
  const DeviceShares* device_shares();
  // The sets' reference outputs on the device for the lint running now, by set key (uploaded
  // once from the host copy; zeroed and freed when the lint ends).
  std::map<std::string, ScrubbedBuffers> lint_base_;
  // SOLVER_SHARES_CROSSCHECK=FILE (a probe's, never a default): every echo the device path takes
  // is also read back and taken on the host, each summary compared; a line per disagreement
  // and one per lint ("crosscheck PROBLEM: N summaries compared, M differ") appended to FILE.
  std::string shares_crosscheck_;
  size_t crosscheck_compared_ = 0, crosscheck_differ_ = 0;
  void crosscheck(const std::string& what, size_t k, double device, double host);
  // With SOLVER_SHARES_CROSSCHECK: a keyed class echo made on the device (echo set `index`,
  // derived from the judging set) against the host's echo of the same map (echo_map.h), byte for
  // byte per moved input ("<key> keyed echo's bytes": 1 equal, 0 not; helper h32fast).
  void keyed_echo_crosscheck(Prepared& p, int index, const std::string& key);
  // Whether `p`'s echo shares can be taken on the device: the kernels are there, no output is
  // order-free (its view is sorted on the host), every reference output is 8-byte slots and
  // `set`'s host reference has the device output's element count.
  bool lint_on_device(Prepared& p, int set);
  bool host_derive_ = false;  // SOLVER_HOST_DERIVE=1: derived sets on the host path
  uint64_t judging_key_ = 0;  // P6k's second look (second_look.h judging_key): drawn once, secret
  bool device_digest_tried_ = false;
  std::string digest_note_;
  unsigned l2_flush_value_ = 0;
  // Reference outputs by (problem, reference hash, set key: the seed, or for an exponent-range
  // set its content, set_content_key.h), least recently used out first, bounded in bytes and
  // entries (a gate adds up to 5 sets of its own: the 8 entries before evicted the exponent
  // sets every gate). Sizes from the problems' shapes (float64 outputs): one set is 128 MiB
  // for matmul, 512 MiB for softmax, layernorm and matmul_scalar, 1 GiB for sigmoid; the
  // largest working set of one problem (matmul_scalar: 3 standing + 2 exponent-range sets + a
  // gate's heavy and fresh sets + the pairs' fresh set) is 4 GiB, so 8 GiB keeps it whole.
  // At most an eighth of the host's memory (a smaller host keeps less).
  static constexpr size_t kReferenceCacheBytes = size_t(8) << 30;
  static constexpr size_t kReferenceCacheEntries = 64;
  static size_t reference_cache_bytes();
  ByteLru<std::shared_ptr<const std::vector<HostDoubles>>> reference_cache_{reference_cache_bytes(),
                                                                            kReferenceCacheEntries};
  // The exponent-range sets' plans (their powers of two come from a scan of set 0's host
  // bytes, ~70 ms a gate for matmul), by exponent_plan_key: made once per problem.
  ByteLru<std::vector<BufferTransform>> plan_cache_{size_t(1) << 20, 256};
  // Whether a problem's reference is homogeneous in its float inputs (problem | reference
  // hash): learnt by the first gate, so later gates of a problem where the adversarial sets do
  // not apply skip building one.
  std::map<std::string, bool> homogeneous_;
  // The request's WorkerRequest::homogeneous (time, time_pairs, profile): prepare() takes it
  // where homogeneous_ has no answer for the problem (a worker that never gated it).
  std::optional<bool> carried_homogeneous_;
  // Whether a problem's verified runs are redraws i.i.d. from its declared law (law_checks.h,
  // P6h): learnt by the gate's tolerance lint, carried like homogeneous_ (the request's
  // WorkerRequest::law_checks) to workers that never gated the problem.
  std::map<std::string, bool> law_checks_;
  std::optional<bool> carried_law_checks_;
  // P4 measured in memory (scratch_resolution.h, red team 33): the reference output a 2^-18
  // input move changes most, with its share of its own elements (problem | reference hash),
  // once per worker (per output, red team 35).
  std::map<std::string, OutputResponse> resolution_smooth_;
  // P4c's forward cap (class_bound.h witness_share; helper wit39): the problem's seed's own
  // largest |seed - reference| / S where its class recheck needed S (homogeneous_key), learnt
  // from the seed's gates in this worker; a candidate's S enters its bound at the share it
  // gives (the floor where the seed never needed S here).
  std::map<std::string, double> class_witness_;
  // P4m's witness (scratch_resolution_op.cpp; helper wit39): per problem (homogeneous_key), the
  // 16-bit scratch buffers whose seed's words, read as FP32 words, resolve FP32's moves
  // (scratch_holds_fp32): its candidates are judged on them as FP32 words.
  std::map<std::string, std::set<std::string>> scratch_witness_;
  bool is_seed(const Prepared& p) const;  // class_bound.h is_seed_point on this worker's chip
  // The tolerance lint's verdict per problem (sample_lint_op.cpp, sample_lint.h): over set 0
  // and, where set 0 leaves an output untold, the fresh set (`make_fresh` makes it and returns
  // its index; -1: none), the sets lint_counts takes.
  std::map<std::string, SampleLintVerdict> sample_lint_;
  SampleLintVerdict sample_lint(Prepared& p, const std::function<int()>& make_fresh);
  // The gate's lint (lint_cache_op.cpp): sample_lint_'s verdict, else a whole entry of the
  // verdict cache (said: SampleLintVerdict::cached), else sample_lint's, stored there.
  SampleLintVerdict gate_lint(Prepared& p, const std::function<int()>& make_fresh);
  // What the verdict reads, as known at the lint's start; nullopt where the spec file is not
  // readable (no key: the lint runs uncached).
  std::optional<LintKeyInputs> lint_key_inputs(const Prepared& p) const;
  // The model echoes' verdict (model_echo.h, model_lint_op.cpp): each model-echoed input alone;
  // `fresh_set` gives the fresh set's index (later_lint_set; -1: none), `outputs` and `tols` are
  // the lint's output buffers and their tolerances.
  SampleLintVerdict model_lint(Prepared& p, const std::function<int()>& fresh_set,
                               const std::vector<std::string>& outputs,
                               std::vector<generators::Tolerance> tols,
                               const std::vector<BlindDeclared>& declared);
  // The model echoes' light part (model_light.h, model_lint_op.cpp, helper h31): the refusal of
  // the first of `echoed` (model-echoed input buffers) whose class refills of set 0 leave some
  // output's judged light share in (0, 1] (blind_to pairs excused; `told[e]` the elements input
  // e's model echoes told apart, the only ones judged); empty: none.
  std::string model_light_part(Prepared& p, const std::vector<size_t>& echoed,
                               const std::vector<std::vector<std::vector<uint8_t>>>& told,
                               const std::vector<std::string>& outputs,
                               const std::vector<BlindDeclared>& declared);
  // Per output buffer, the largest share of `set`'s tolerance by which the reference on its
  // echo `pattern` differs from the reference on `set` (largest_shares of element_shares).
  // `only` >= 0: that input buffer alone is echoed (law_checks.h, weakest_with_input).
  // `region` non-null: each echoed input's first echo restricted to that class (law_regions.h;
  // `pattern` unused). `fold`: the element shares folded in (fold_element_shares) and its
  // weakest_shares set; `classes`: the element shares of its block (class_blocks.h; every
  // element where the block is empty) kept as the next class (light_shares), the returned
  // largest shares that block's (a fold is never taken with a block). On the device where
  // lint_on_device (device_shares.h: the same values) and not `classes->host_only`, else on the
  // host. `picks` non-null (the host path only: a ClassShares begun on the host): per output,
  // only the elements it lists, in its order, are compared and kept (strided_judgement's second
  // pass).
  std::vector<double> echo_shares(Prepared& p, int set, const EchoPattern& pattern, int only = -1,
                                  const EchoRegion* region = nullptr, ShareFold* fold = nullptr,
                                  ClassShares* classes = nullptr,
                                  const std::vector<std::vector<size_t>>* picks = nullptr);
  // weakest_shares(light_shares(classes' by_class)) per output, where the classes are.
  std::vector<double> light_weakest(const ClassShares& classes);
  // weakest_shares(light_shares(by_class)) per output over the class echoes of set 0 `regions`
  // (one partition, law_regions.h): the classes' element shares taken in blocks of output
  // elements whose class shares fit a budget (class_blocks.h: the device's 3/4 of its free
  // memory less 1 GiB, else the host's; SOLVER_LINT_BLOCK_BYTES caps both), every class echoed
  // once per block; each block's light part, folded (union_weakest): the one-block values.
  // `judged` non-null (the strided partition, P6k): also the judged light share per output
  // (weakest_shares(judged_light_shares(..)), light_refusal's), one block's summaries at a time
  // (judged_sums.h), `judge` the outputs' tolerances (the atol parts': echo_shares' own).
  // `weak` non-null (with `judged`): per output, its weak elements by index (law_regions.h
  // WeakElement; helper h32tail), read from each block's element judged shares.
  std::vector<double> class_light(Prepared& p, const std::vector<EchoRegion>& regions,
                                  const std::vector<generators::Tolerance>* judge = nullptr,
                                  std::vector<double>* judged = nullptr, int set = 0,
                                  WeakElements* weak = nullptr);
  // Whether one partition of `classes` class shares goes on the device (lint_on_device and room
  // for at least a 1 GiB block there), and `budget`, the bytes of class shares a block holds.
  bool class_budget(Prepared& p, size_t classes, size_t& budget);
  // One block's JudgedSums per output (judged_sums.h): on the device where `classes` are there
  // (solver_judged256 on set 0's uploaded reference), else host_judged_sums, `atol_part` set 0's
  // atol_parts at `tols` and `floor` their grain_floors (each made on first use and kept for the
  // next block); with the cross-check, both, compared. `weak` non-null: the block's weak
  // elements added (index from the block's first element; on the device, each element's judged
  // share written there and read back where the block's summaries count a weak one).
  std::vector<JudgedSums> judged_sums(Prepared& p, const ClassShares& classes,
                                      const std::vector<generators::Tolerance>& tols,
                                      std::vector<std::vector<double>>& atol_part,
                                      std::vector<std::vector<double>>& floor, int set = 0,
                                      WeakElements* weak = nullptr);
  // Set 0's weakest (`set0.weakest`, law_checks.h) lowered by each element's light share
  // (law_regions.h) while the problem is on the law: kLawRegions class echoes of set 0 a
  // partition, contiguous stretches (on the law only), hashed pairs, then kStridedRegions strided
  // classes where some element has a hashed light part, on the law or off it
  // (law_regions_op.cpp). Returns the strided partition's judged light share per output
  // (judged_light_shares, weakest_shares: the least judged element above 0; empty where the
  // strided classes were not taken), which light_refusal reads.
  // Then P6k's second look (second_look.h): a judging set drawn from judging_key_, its keyed
  // hashed classes and, where those find a light part or set 0 took its strided classes, its
  // keyed strided ones; the returned value is second_look_merge of the two judgements
  // (SOLVER_NO_SECOND_LOOK=1: set 0's alone).
  std::vector<double> law_light_shares(Prepared& p, SetShare& set0, size_t outputs);
  // One strided partition of set `set` (keyed by `key`; 0: set 0's public classes): the light
  // share per output (the bar's, read where `law`), `judged` the judged light share per output
  // (light_refusal's): class_light with judged_sums on the device, else strided_judgement.
  // `weak` non-null: per output, the weak elements by index (the second look's tail recurrence).
  std::vector<double> strided_light(Prepared& p, int set, uint64_t key, bool law,
                                    std::vector<double>& judged, WeakElements* weak = nullptr);
  // The measured class bound's scale (class_bound.h, class_check_op.cpp): the reference's
  // sensitivity S on host set `set` (two reference runs on moved inputs; a third, on float64
  // inputs moved by 2^-44, folds in the reference's own rounding), made once per set and
  // kept in Prepared::class_magnitude; on the inputs an audited timed run saw (its perturbation
  // made again on the host; one more reference run, on them), made per audit. Null where no
  // float64 or float32 input can be moved (the plain bound is the verdict).
  const std::vector<HostDoubles>* class_magnitude(Prepared& p, int set);
  const std::vector<HostDoubles>* audit_class_magnitude(Prepared& p, const AuditedRun& a);
  // S of the inputs of checked set `index` (its reference made already), seeded by `seed`.
  std::shared_ptr<const std::vector<HostDoubles>> class_scale(Prepared& p, int index,
                                                              uint64_t seed);
  // After a comparison that failed only on the plain class bound (g: PrecisionMismatch, not
  // scaled), the outputs read back last compared again against `want` on the class bound
  // scaled by `magnitude` (null: the plain verdict stands). Returns the final verdict.
  // `set`: the host set's index (taken after `magnitude`, whose set may move the others).
  bool class_recheck(Prepared& p, int set, const std::vector<DoublesView>& want,
                     const std::vector<HostDoubles>* magnitude, engine::GateResult& g,
                     const engine::GateResult& before, const std::string& where);
  // P6p (fold_bound.h, fold_check_op.cpp): after an audit of a timed run off the declared law
  // (a dense timed perturbation, not the law redraw) failed its tolerance (g: WrongResult), the
  // outputs read back last compared again against `want` with kFoldUlps u32 of the reference on
  // those inputs folded about their law's centre added to the bound. True where that passes
  // (g: `before`'s, Prepared::fold_said set); else g keeps the failure's words.
  bool fold_recheck(Prepared& p, const AuditedRun& a, const std::vector<DoublesView>& want,
                    engine::GateResult& g, const engine::GateResult& before,
                    const std::string& where);
  // The same on checked set `set` whose inputs are `seen` (host bytes): a fresh set off the law.
  bool fold_recheck_on(Prepared& p, const HostSet& seen, int set,
                       const std::vector<DoublesView>& want, engine::GateResult& g,
                       const engine::GateResult& before, const std::string& where);
  // law_remedy's words (law_checks.h) for a wrong result on `p`'s verified runs where they are
  // off the declared law and this worker's lint said what would put them on it; else empty.
  std::string off_law_note(const Prepared& p) const;
  static std::string homogeneous_key(const Prepared& p) {
    return p.spec.name + "|" + p.reference.source_hash;
  }
  // sample_lint_'s key: homogeneous_key and what else the lint's verdict reads from the
  // candidate, its precision class and every output's tolerance (a TF32 point's looser tolerance
  // may admit an echo the FP32 seed's refuses: each gets its own verdict).
  static std::string lint_memo_key(const Prepared& p);
  // Host input sets by (buffer, seed): profile, time and time_pairs repeat seeds (bounded bytes).
  InputCache input_cache_{size_t(4) << 30};
  // Pristine device copies of the standing sets' `in` buffers across requests (needs the
  // device digest): made on first use, bounded by device_cache_bytes(); null when disabled.
  DeviceInputCache* device_input_cache();
  std::unique_ptr<DeviceInputCache> device_cache_;
  bool device_cache_tried_ = false;
  // Host copies of the variant's outputs for the check, kept so their pages are touched (and
  // locked: pinned_bytes.h) once.
  std::vector<PinnedBytes> output_scratch_;
  // The audit's reference outputs (run_reference_reused), by output: each audit's reference is
  // compared once, so its host memory is kept and reused instead of allocated and first-touched
  // per audit (issue 28's cost: that first touch was most of an audit's read-back).
  std::vector<PinnedBytes> audit_reference_;
};

}  // namespace solver::gpu
