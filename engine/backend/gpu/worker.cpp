#include "engine/backend/gpu/worker.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <random>
#include <set>

#include <unistd.h>

#include "engine/backend/gpu/device_info.h"
#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/order_view.h"
#include "engine/backend/gpu/protocol_io.h"
#include "engine/backend/gpu/scratch_resolution.h"
#include "engine/backend/gpu/set_content_key.h"
#include "engine/backend/pair_floor.h"
#include "engine/backend/sequence_plan.h"
#include "generators/cubin_module_data.h"
#include "generators/measured_class_check.h"
#include "generators/nvrtc_compiler.h"
#include "generators/param_types.h"
#include "generators/ptx_clock_work.h"
#include "generators/ptx_facts_store.h"
#include "generators/ptx_module_memory.h"
#include "generators/ptx_precision.h"
#include "generators/ptx_store_words.h"
#include "generators/ptxas_info.h"
#include "generators/validate.h"

namespace solver::gpu {

namespace fs = std::filesystem;
using engine::GateResult;
using engine::GateStatus;

// Default base seed when a request gives none: fixed, so a run can be repeated exactly.
constexpr uint64_t kDefaultSeed = 0x5eed2026;
constexpr int kCompileBudgetMs = 120000;

std::string short_num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", v);
  return buf;
}

Worker::Worker(WorkerConfig config) : config_(std::move(config)) {
  ctx_ = std::make_unique<DeviceContext>();  // CudaError on no driver / no device
  clocks_ = std::make_unique<ClockReader>(*ctx_);
  device_ = query_device(*ctx_);
  if (!config_.chips_file.empty()) {
    try {
      chips_ = rules::load_chip_table(config_.chips_file);
    } catch (const std::exception& e) {
      startup_warning_ = std::string("chips table unusable: ") + e.what();
    }
  }
  chip_ = chip_profile_for(device_, chips_ ? &*chips_ : nullptr);
  std::string dir = config_.cache_dir.empty() ? generators::default_cache_dir() : config_.cache_dir;
  cache_ = std::make_unique<generators::CompileCache>(dir);
  // The PTX scans' facts beside the compiles (generators/ptx_facts_store.h): a new worker
  // reads a large module's scans instead of paying them again (SOLVER_PTX_FACTS=0: off).
  generators::set_ptx_facts_dir(dir);
  // SOLVER_HOST_DERIVE=1 keeps the host path (to compare the two, or to rule this out). Only
  // the fallback is reported on stderr (which fault details quote); the path taken shows in
  // every request's phases (derive_device against derive_set).
  // The timed runs' perturbation (docs/reliability.md P6) uses the same kernels whatever the
  // variable says; only a failed self-check leaves it at one element per run.
  const char* host_derive = std::getenv("SOLVER_HOST_DERIVE");
  host_derive_ = host_derive && std::string(host_derive) == "1";
  try {
    derive_ = std::make_unique<DeviceDerive>(device_.arch, cache_.get());
  } catch (const std::exception& e) {
    derive_note_ = std::string("the device derivation is not used: ") + e.what();
    std::fprintf(stderr,
                 "solver-gpu: warning: derived input sets are made on the host and timed runs "
                 "perturb one element each, the device derivation is not used: %s\n",
                 e.what());
  }
  // The audits' comparison on the device (device_compare.h); SOLVER_HOST_COMPARE=1 keeps it on
  // the host (the A/B of the live measurement). Either way the gate's detail says where it
  // ran when it is not the device.
  const char* host_compare = std::getenv("SOLVER_HOST_COMPARE");
  if (host_compare && std::string(host_compare) == "1") {
    compare_note_ = "SOLVER_HOST_COMPARE=1";
  } else {
    try {
      compare_ = std::make_unique<DeviceCompare>(device_.arch, cache_.get());
    } catch (const std::exception& e) {
      compare_note_ = e.what();
      std::fprintf(stderr, "solver-gpu: warning: audits compare on the host: %s\n", e.what());
    }
  }
}

namespace {
// The request's nested phases join the op's own (a key the op set itself is kept).
void merge_phases(std::map<std::string, double>&& nested, std::map<std::string, double>& into) {
  for (auto& [k, v] : nested) into.emplace(k, v);
}
}  // namespace

engine::WorkerResponse Worker::handle(const engine::WorkerRequest& r) {
  PhaseLog log;
  double t0 = wall_ms();
  engine::WorkerResponse resp = serve(r);
  double total = wall_ms() - t0;
  std::map<std::string, double>* phases = resp.gate      ? &resp.gate->phases_ms
                                          : resp.pairs   ? &resp.pairs->phases_ms
                                          : resp.profile ? &resp.profile->phases_ms
                                          : resp.time    ? &resp.time->phases_ms
                                                         : nullptr;
  if (phases) {
    merge_phases(log.take(), *phases);
    (*phases)["total"] = total;
  }
  return resp;
}

engine::WorkerResponse Worker::serve(const engine::WorkerRequest& r) {
  engine::WorkerResponse resp;
  resp.id = r.id;
  resp.ok = true;
  // The problem's homogeneity from its gate, for this request only; a gate learns its own.
  // A full gate learns the problem's homogeneity itself; a part of one (gate_parts.h) times on
  // what the backend learnt from the incumbent's full gate, as time_pairs does.
  carried_homogeneous_ =
      r.op == "gate" && r.gate_part == engine::GatePart::Full ? std::nullopt : r.homogeneous;
  // The same for the law checks (law_checks.h, P6h): learnt by a gate's tolerance lint.
  carried_law_checks_ =
      r.op == "gate" && r.gate_part == engine::GatePart::Full ? std::nullopt : r.law_checks;
  auto need = [&](const std::optional<engine::VariantRef>& v, const char* what) {
    if (!v) {
      resp.ok = false;
      resp.error = std::string("request '") + r.op + "' needs '" + what + "'";
    }
    return v.has_value();
  };
  if (r.op == "hello") {
    resp.device = device_;
  } else if (r.op == "ceilings") {
    resp.ceilings = ceilings();
  } else if (r.op == "gate") {
    if (need(r.variant, "variant"))
      resp.gate = gate(*r.variant, r.input_sets, r.seed, r.sweep, r.samples, r.gate_part);
  } else if (r.op == "time") {
    if (need(r.variant, "variant")) resp.time = time(*r.variant, std::max(1, r.samples), r.seed);
  } else if (r.op == "time_pairs") {
    if (need(r.incumbent, "incumbent") && need(r.candidate, "candidate")) {
      engine::PairPlan plan = r.plan;
      plan.max_pairs = std::max(1, r.pairs);
      auto timed = time_pairs(*r.incumbent, *r.candidate, plan, r.seed);
      if (timed) {
        resp.pairs = std::move(timed).value();
      } else {
        resp.ok = false;
        resp.error = timed.error().error;
        resp.error_status = timed.error().status;
      }
    }
  } else if (r.op == "profile") {
    if (need(r.variant, "variant"))
      resp.profile =
          profile(*r.variant, std::max(3, r.samples), r.full_metrics, r.metrics, r.pc_sampling);
  } else {
    resp.ok = false;
    resp.error = "unknown op '" + r.op + "'";
  }
  return resp;
}

Preparation Worker::prepare(const engine::VariantRef& v, const std::vector<uint64_t>& seeds,
                            bool cache_inputs, bool references,
                            std::map<std::string, double>* phases, const Prepared* share_with) {
  PhaseTimer timer(phases);
  timer.start("compile");
  Preparation out;
  GateResult& g = out.failure;
  g.status = GateStatus::InvalidSpec;
  auto p = std::make_unique<Prepared>();
  std::optional<PhaseScope> step;
  step.emplace("spec");
  try {
    p->spec = generators::load_problem(v.problem_dir.empty()
                                           ? (fs::path(config_.problems_root) / v.problem).string()
                                           : v.problem_dir);
  } catch (const rules::InputError& e) {
    g.detail = e.format();
    return out;
  } catch (const std::exception& e) {
    g.detail = e.what();
    return out;
  }
  const auto* variant = p->spec.find_variant(v.variant);
  if (!variant) {
    g.detail = "problem '" + v.problem + "' has no variant '" + v.variant + "'";
    return out;
  }
  auto issues = generators::validate(p->spec, *variant, v.knobs, chip_);
  if (!issues.empty()) {
    g.detail = generators::format_issues(issues);
    return out;
  }
  p->resolved = generators::resolve(p->spec, *variant, v.knobs, chip_);
  p->reference = generators::resolve_reference(p->spec, chip_);
  g.source_hash = p->resolved.source_hash;
  if (!p->resolved.ok() || !p->reference.ok()) {
    auto all = p->resolved.issues;
    all.insert(all.end(), p->reference.issues.begin(), p->reference.issues.end());
    g.detail = generators::format_issues(all);
    return out;
  }
  // A reference that does not take what the problem passes (an output declared float* where
  // the reference writes float64) would make every check compare against garbage: the
  // problem's spec is at fault, said before any run (status stays InvalidSpec).
  if (auto bad = generators::param_type_mismatches(p->reference); !bad.empty()) {
    g.detail = "the problem's reference does not take what the problem passes: " + bad.front() +
               (bad.size() > 1 ? " (+" + std::to_string(bad.size() - 1) + " more)" : "");
    return out;
  }
  // SOLVER_LINEINFO=1: every compile gets -lineinfo, so a profiler run over this worker (ncu's
  // source view: scripts/gpu/pcsample_vs_ncu.sh) maps SASS to source lines. Not for measurements:
  // the code timed is then not the user's options' (docs/pc_sampling.md).
  if (const char* li = std::getenv("SOLVER_LINEINFO"); li && std::string(li) == "1")
    p->resolved.nvrtc_options.push_back("-lineinfo");
  p->timeout_ms = config_.timeout_ms > 0 ? config_.timeout_ms : p->spec.timeout_ms;
  step.reset();
  {
    NvtxRange range("compile");
    std::optional<PhaseScope> nvrtc;
    nvrtc.emplace("nvrtc");
    beat("compile " + p->resolved.key, kCompileBudgetMs);
    auto compiled = generators::compile_variant(p->resolved, cache_.get());
    if (!compiled.ok) {
      g.status = GateStatus::CompileError;
      g.detail = compiled.error + "\n" + compiled.log;
      return out;
    }
    auto ref_compiled = generators::compile_variant(p->reference, cache_.get());
    if (!ref_compiled.ok) {
      g.status = GateStatus::InvalidSpec;
      g.detail = "the problem's reference does not compile: " + ref_compiled.error + "\n" +
                 ref_compiled.log;
      return out;
    }
    p->tensor_ops = compiled.tensor_ops;
    if (!compiled.ptx.empty()) {
      // The precision and module-memory scans of the candidate's PTX, timed apart (helper
      // gcost: the gate's code scans are a defence; compile_variant's own scans stay in nvrtc).
      PhaseScope scans("code_scans");
      std::set<generators::DType> dtypes;
      for (const auto& b : p->resolved.buffers) dtypes.insert(b.dtype);
      p->code_precision =
          generators::scan_ptx_precision(compiled.ptx, generators::float_params(p->resolved));
      p->precision_issue =
          generators::precision_mismatch(*p->code_precision, p->resolved.precision, dtypes,
                                         generators::fp64_outputs_measured(p->resolved));
      // Memory that outlives a run (red team 8, generators/ptx_module_memory.h): module
      // variables are reloaded before every run (time_sequence); the device heap cannot be.
      const generators::PtxModuleMemory memory = generators::scan_ptx_module_memory(compiled.ptx);
      p->module_memory = !memory.globals.empty();
      // What the code stores into each scratch buffer and module array, and whether anything
      // reads it back (generators/ptx_store_words.h, issue 28 after red team 39 / honest controls
      // 39): P4m reads a region's words as the float format stored there and leaves out one the
      // code only writes.
      const generators::ModuleAccess access =
          generators::scan_region_access(compiled.ptx, generators::float_params(p->resolved));
      p->scratch_word_bytes.assign(p->resolved.buffers.size(), 0);
      p->scratch_write_only.assign(p->resolved.buffers.size(), false);
      for (const auto& [b, a] : access.buffers)
        if (b >= 0 && size_t(b) < p->resolved.buffers.size()) {
          p->scratch_word_bytes[size_t(b)] = generators::stored_word_bytes(
              a, access.fp64_values, resolution_word_bytes(p->resolved.buffers[size_t(b)].dtype));
          p->scratch_write_only[size_t(b)] = generators::write_only(a);
        }
      generators::PtxModuleMemory judged = memory;  // the arrays P4m reads back
      judged.globals.clear(), judged.global_word_bytes.clear(), judged.global_in_function.clear();
      for (size_t k = 0; k < memory.globals.size(); ++k) {
        const int declared = k < memory.global_word_bytes.size() ? memory.global_word_bytes[k] : 4;
        const auto a = access.variables.find(memory.globals[k]);
        if (a != access.variables.end() && generators::write_only(a->second)) {
          p->module_write_only.push_back(memory.globals[k]);
          continue;
        }
        const int stored =
            a == access.variables.end()
                ? 0
                : generators::stored_word_bytes(a->second, access.fp64_values, declared);
        judged.globals.push_back(memory.globals[k]);
        judged.global_word_bytes.push_back(stored ? stored : declared);
        judged.global_in_function.push_back(k < memory.global_in_function.size() &&
                                            memory.global_in_function[k]);
      }
      // By their loaded names: a .global declared inside a function body (an inline-asm block)
      // is ptxas's `$__<name>__<N>` in the CUBIN (cubin_module_data.h module_arrays; helper
      // wit39), read back by P4m as a module-scope one is.
      for (const generators::ModuleArray& a :
           generators::module_arrays(judged, generators::cubin_module_symbols(compiled.cubin))) {
        p->module_globals.push_back(a.name);
        p->module_global_bytes.push_back(a.word_bytes);
      }
      if (std::string why = generators::heap_refusal(memory); !why.empty()) {
        g.status = GateStatus::InvalidSpec;
        g.detail = why;
        return out;
      }
      // Work that follows the clock (red team 36, generators/ptx_clock_work.h): a round's runs
      // are one sample of it, so P10t's count of runs cannot bound it.
      if (std::string why =
              generators::clock_work_refusal(generators::scan_ptx_clock_work(compiled.ptx));
          !why.empty()) {
        g.status = GateStatus::InvalidSpec;
        g.detail = why;
        return out;
      }
    }
    // What the loaded image holds decides too (generators/cubin_module_data.h, red team 10): a
    // .global declared in a function body's asm block, or __constant__ banks a kernel can write
    // through a generic address, are module data whatever the PTX scan above saw.
    if (!generators::cubin_module_data(compiled.cubin).empty()) p->module_memory = true;
    // What P7k reads back and scans again (carried_state_op.cpp): only where there is module data.
    if (p->module_memory) {
      p->module_symbols = generators::cubin_module_symbols(compiled.cubin);
      p->module_ptx = compiled.ptx;
    }
    // Local memory a run can read before writing reaches as deep as the call graph: a callee's
    // frame is on the per-thread stack below an entry whose own frame may be empty (red team 12,
    // redteam12_callee_stack_carry). Scrubbed at ptxas's cumulative stack size and, where the
    // module has callees, at the stack the driver gives such a launch (its limit): a kernel may
    // address that stack beyond the frames ptxas counted, and which size the hardware maps a
    // callee's frame by is not known here, so both passes run.
    {
      std::vector<std::string> entries;
      for (const auto& l : p->resolved.launches) entries.push_back(l.entry);
      const generators::StackDepth depth =
          generators::deepest_stack(generators::parse_ptxas_usage(compiled.log), entries);
      p->stack_scrub_bytes.clear();
      if (depth.bytes > 0) p->stack_scrub_bytes.push_back(int(depth.bytes));
      if (depth.unknown || depth.callees) {
        size_t limit = 0;
        CU_CHECK(cuCtxGetLimit(&limit, CU_LIMIT_STACK_SIZE));
        if (limit > 0 && int64_t(limit) != depth.bytes) p->stack_scrub_bytes.push_back(int(limit));
      }
    }
    p->gemm_loop = compiled.gemm_loop;
    p->load_chain = compiled.load_chain;
    p->contiguous_access_frac = compiled.contiguous_access_frac;
    p->strided_access_frac = compiled.strided_access_frac;
    p->store_fill_frac = compiled.store_fill_frac;
    p->index_load_frac = compiled.index_load_frac;
    p->guard_lanes = compiled.guard_lanes;
    p->cubin = compiled.cubin;
    nvrtc.reset();
    PhaseScope load("module_load");
    p->module = std::make_unique<VariantModule>(p->resolved, compiled.cubin, *ctx_);
    p->reference_module = std::make_unique<VariantModule>(p->reference, ref_compiled.cubin, *ctx_);
  }
  for (size_t i = 0; i < p->resolved.launches.size(); ++i) {
    std::string why = generators::check_total_smem(p->module->attributes()[i].static_smem,
                                                   p->resolved.launches[i].smem_bytes, chip_);
    if (!why.empty()) {
      g.detail = p->resolved.launches[i].entry + ": " + why;
      return out;
    }
    if (p->resolved.launches[i].threads_per_block() > p->module->attributes()[i].max_threads) {
      g.detail = p->resolved.launches[i].entry + ": " +
                 std::to_string(p->resolved.launches[i].threads_per_block()) +
                 " threads per block, but the compiled kernel allows at most " +
                 std::to_string(p->module->attributes()[i].max_threads) + " (registers)";
      return out;
    }
  }
  if (share_with && share_with->buffers && same_buffer_layout(share_with->resolved, p->resolved) &&
      share_with->reference.source_hash == p->reference.source_hash) {
    p->buffers = share_with->buffers;
    p->timing_sets = share_with->timing_sets;
    p->refs = share_with->refs;
    out.prepared = std::move(p);
    return out;
  }
  timer.start("inputs");
  std::vector<HostSet> sets;
  step.emplace("generate");
  for (uint64_t seed : seeds)
    sets.push_back(regular_set(p->resolved, seed, cache_inputs ? &input_cache_ : nullptr));
  step.emplace("upload");
  p->buffers = std::make_shared<DeviceBuffers>(p->resolved, p->reference, std::move(sets),
                                               device_digest(), device_input_cache());
  // A problem an earlier gate verified homogeneous: its timed runs shrink positive laws from
  // the first (P6c, red team 7; gate_op.cpp sets it on first learning). The gate may have run
  // in another worker (this one restarted, or another GPU's): the request then carries the
  // gate's outcome, which this worker keeps as if it had learnt it.
  const std::string hkey = homogeneous_key(*p);
  if (carried_homogeneous_ && !homogeneous_.count(hkey)) homogeneous_[hkey] = *carried_homogeneous_;
  const auto known = homogeneous_.find(hkey);
  p->buffers->set_homogeneous(known != homogeneous_.end() && known->second);
  // A problem whose law data tell a sampler apart (law_checks.h, P6h): every verified run a
  // redraw i.i.d. from its declared law, from the first; learnt by a gate's lint, or carried.
  if (carried_law_checks_ && !law_checks_.count(hkey)) law_checks_[hkey] = *carried_law_checks_;
  const auto law = law_checks_.find(hkey);
  p->buffers->set_law_checks(law != law_checks_.end() && law->second);
  step.reset();
  p->timing_sets = std::min(p->buffers->sets(), engine::kRotationSets);
  if (references) {
    // Before any run of the candidate: from here on its device inputs are suspect.
    timer.start("reference");
    for (int s = 0; s < p->buffers->sets(); ++s)
      if (!p->buffers->released(s)) reference_outputs(*p, s);
  }
  out.prepared = std::move(p);
  return out;
}

const DeviceDigest* Worker::device_digest() {
  if (!device_digest_tried_) {
    device_digest_tried_ = true;
    // SOLVER_HOST_DIGEST=1 keeps the read-back path (to compare the two, or to rule this out).
    const char* host = std::getenv("SOLVER_HOST_DIGEST");
    if (host && std::string(host) == "1")
      digest_note_ = "SOLVER_HOST_DIGEST=1";
    else {
      try {
        device_digest_ = std::make_unique<DeviceDigest>(device_.arch);
      } catch (const std::exception& e) {
        digest_note_ = e.what();
        std::fprintf(stderr, "solver-gpu: input checks read buffers back to the host: %s\n",
                     e.what());
      }
    }
  }
  return device_digest_.get();
}

DeviceInputCache* Worker::device_input_cache() {
  if (!device_cache_tried_) {
    device_cache_tried_ = true;
    // A quarter of the device's memory, at most 16 GiB (the six-problem pools' standing sets
    // are ~3 GiB); SOLVER_DEVICE_INPUT_CACHE_MB sets it, 0 turns the cache off.
    size_t free = 0, total = 0;
    CU_CHECK(cuMemGetInfo(&free, &total));
    size_t cap = std::min(total / 4, size_t(16) << 30);
    if (const char* mb = std::getenv("SOLVER_DEVICE_INPUT_CACHE_MB"))
      cap = size_t(std::strtoull(mb, nullptr, 10)) << 20;
    if (cap > 0 && device_digest()) device_cache_ = std::make_unique<DeviceInputCache>(cap);
  }
  return device_cache_.get();
}

std::vector<uint64_t> Worker::standing_seeds(int count) {
  return derive_seeds(kDefaultSeed, count);
}

void Worker::reload(Prepared& p) {
  PhaseScope scope("module_load");
  p.module.reset();
  p.module = std::make_unique<VariantModule>(p.resolved, p.cubin, *ctx_);
}

void Worker::scrub_local(const Prepared& p) {
  // The entries' own frames (the driver's attribute) and the stack their calls can reach.
  const int frame = local_frame_bytes(*p.module);
  if (frame <= 0 && p.stack_scrub_bytes.empty()) return;
  PhaseScope scope("local_scrub");
  if (!local_scrub_) local_scrub_ = std::make_unique<LocalScrub>(device_.arch);
  if (frame > 0) (*local_scrub_)(frame, ctx_->stream());
  for (int bytes : p.stack_scrub_bytes)
    if (bytes != frame) (*local_scrub_)(bytes, ctx_->stream());
}

void Worker::fresh_run_state(Prepared& p) {
  if (p.module_memory) reload(p);
  scrub_local(p);
}

void Worker::run_variant(Prepared& p, int set, const char* phase) {
  PhaseScope scope("run");
  beat(phase, p.timeout_ms);
  scrub_local(p);
  p.buffers->prepare_variant_run(set, ctx_->stream());
  p.module->launch(ctx_->stream(), p.buffers->variant_args(set));
  CU_CHECK(cuStreamSynchronize(ctx_->stream()));
}

size_t Worker::reference_cache_bytes() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page <= 0) return kReferenceCacheBytes;
  return std::min(kReferenceCacheBytes, size_t(pages) * size_t(page) / 8);
}

const std::vector<HostDoubles>& Worker::reference_outputs(Prepared& p, int set) {
  // Held by the Prepared once computed: a check never recomputes a reference from device
  // inputs a candidate has run on, whatever the cache evicted meanwhile.
  if (p.refs.size() <= size_t(set)) p.refs.resize(size_t(set) + 1);
  if (p.refs[size_t(set)]) return *p.refs[size_t(set)];
  std::string key =
      p.spec.name + "|" + p.reference.source_hash + "|" + p.buffers->host_set(set).key;
  if (auto* hit = reference_cache_.find(key)) {
    p.refs[size_t(set)] = *hit;
    return *p.refs[size_t(set)];
  }
  // Bounded host memory: the least recently used entry goes (a gate's fresh seeds are used by
  // that gate alone, so they go before the seeds that time and profile repeat, and the
  // exponent-range sets every gate of the problem repeats).
  auto outs = std::make_shared<std::vector<HostDoubles>>(run_reference(p, set, "reference run"));
  size_t bytes = 0;
  for (const HostDoubles& o : *outs) bytes += o.size() * sizeof(double);
  reference_cache_.put(key, outs, bytes);  // one over the cap is simply not kept
  p.refs[size_t(set)] = outs;
  return *outs;
}

std::vector<DoublesView> views(const std::vector<HostDoubles>& outputs) {
  std::vector<DoublesView> out;
  out.reserve(outputs.size());
  for (const HostDoubles& o : outputs) out.push_back(DoublesView{o.data(), o.size()});
  return out;
}

void Worker::launch_reference(Prepared& p, int set, const char* phase) {
  beat(phase, std::max(p.timeout_ms, 60000));
  p.buffers->prepare_reference_run(set, ctx_->stream());
  p.reference_module->launch(ctx_->stream(), p.buffers->reference_args(set));
  CU_CHECK(cuStreamSynchronize(ctx_->stream()));
}

std::vector<HostDoubles> Worker::run_reference(Prepared& p, int set, const char* phase) {
  PhaseScope scope("reference_run");
  launch_reference(p, set, phase);
  std::vector<HostDoubles> outs;
  // Timed apart (issue 28's cost: how much of a reference run is the float64 answer's trip to
  // the host, which a comparison on the device would not make).
  PhaseScope readback("readback");
  for (size_t i : p.buffers->outputs()) outs.push_back(p.buffers->read_reference_output(i));
  // Order-free outputs sorted into their view (order_view.h): every reader of the reference
  // (each check, the lint's shares, the class bound's sensitivity) sees the one view.
  std::vector<double*> data;
  for (HostDoubles& o : outs) data.push_back(o.data());
  order_reference(p.resolved, p.buffers->outputs(), data);
  return outs;
}

std::vector<DoublesView> Worker::run_reference_reused(Prepared& p, int set, const char* phase) {
  PhaseScope scope("reference_run");
  launch_reference(p, set, phase);
  PhaseScope readback("readback");
  const auto& outs = p.buffers->outputs();
  if (audit_reference_.size() < outs.size()) audit_reference_.resize(outs.size());
  std::vector<DoublesView> out;
  for (size_t k = 0; k < outs.size(); ++k) {
    p.buffers->read_reference_output(outs[k], audit_reference_[k]);
    out.push_back(DoublesView{reinterpret_cast<const double*>(audit_reference_[k].data()),
                              audit_reference_[k].size() / sizeof(double)});
  }
  std::vector<double*> data;
  for (size_t k = 0; k < outs.size(); ++k)
    data.push_back(reinterpret_cast<double*>(audit_reference_[k].data()));
  order_reference(p.resolved, outs, data);  // the view of run_reference
  return out;
}

bool Worker::check_inputs_after_timing(Prepared& p, GateResult& g) {
  PhaseScope scope("verify_inputs");
  for (int s = 0; s < p.timing_sets; ++s) {
    std::string mutated = p.buffers->verify_inputs(s, s);
    if (!mutated.empty()) {
      g.status = GateStatus::InputMutated;
      g.detail = mutated + " (after timing, input set " + std::to_string(s) + ")";
      return false;
    }
  }
  return true;
}

std::string Worker::attribute_mutation(Prepared& a, Prepared& b) {
  PhaseScope scope("attribute");
  for (Prepared* p : {&a, &b}) {
    for (int s = 0; s < p->buffers->sets(); ++s) p->buffers->restore_inputs(s);
    reload(*p);
    run_variant(*p, 0, "attributing an input change");
    if (!p->buffers->verify_inputs(0, 0).empty()) {
      p->buffers->restore_inputs(0);
      return p->resolved.key;
    }
  }
  return "";
}

int Worker::add_derived_set(Prepared& p, SetKind kind, uint64_t seed, bool reference,
                            bool strata) {
  const HostSet& base = p.buffers->host_set(0);
  std::vector<BufferTransform> plan = [&] {
    PhaseScope scope("derive_plan");  // the exponent sets read set 0's host bytes for their e
    // Their plan depends on set 0's bytes only (set_content_key.h): made once per problem.
    const std::string key = exponent_plan_key(p.spec.name, p.resolved, base, kind);
    if (!key.empty())
      if (const auto* hit = plan_cache_.find(key)) return *hit;
    auto made = derive_plan(p.resolved, base, kind, seed, p.buffers->homogeneous(),
                            p.buffers->law_checks(), strata);
    if (!key.empty()) plan_cache_.put(key, made, 1 + made.size() * sizeof(BufferTransform));
    return made;
  }();
  if (plan.empty()) return -1;
  // An exponent-range set is named by its content, so every gate's shares one reference.
  // A fresh set shrunk for a verified-homogeneous problem (P6c) is not the unshrunk one.
  // One drawn i.i.d. from the law (law_checks.h) is neither.
  const std::string set_key =
      derived_set_key(base, kind, seed, plan) + (kind != SetKind::Fresh     ? ""
                                                 : p.buffers->law_checks()  ? "/law"
                                                 : p.buffers->homogeneous() ? "/shrunk"
                                                                            : "") +
      (kind == SetKind::Fresh && !strata ? "/unstratified" : "");
  bool device = derive_ && !host_derive_ && device_digest();
  for (const BufferTransform& t : plan)  // in-out: its float64 copy is made on the host
    if (p.resolved.buffers[t.buffer].role != generators::BufferRole::In ||
        t.op == TransformOp::Swaps)  // integer exchanges have no device kernel
      device = false;
  if (!device) {
    std::optional<HostSet> set = [&] {
      PhaseScope scope("derive_set");
      beat("derived input set", 120000);
      return derived_set(p.resolved, base, kind, seed, plan);
    }();
    set->key = set_key;
    return add_checked_set(p, std::move(*set), reference);
  }
  int index = [&] {
    PhaseScope scope("derive_device");
    HostSet set;
    set.key = set_key;
    set.seed = seed;
    set.kind = kind;
    set.plan = std::move(plan);
    return p.buffers->add_device_set(std::move(set), *derive_, ctx_->stream());
  }();
  if (reference) reference_outputs(p, index);  // from its own device copy, untouched so far
  return index;
}

int Worker::add_fresh_set(Prepared& p, uint64_t seed, bool strata) {
  const bool reference = !fresh_check_on_device(p);  // as before for the lint's twin too
  int index = add_derived_set(p, SetKind::Fresh, seed, reference, strata);
  if (index >= 0) return index;
  // Nothing to flip (integer or dist_fixed inputs only): a newly seeded set instead.
  HostSet s = [&] {
    PhaseScope scope("derive_set");
    return regular_set(p.resolved, seed, nullptr);
  }();
  s.kind = SetKind::Fresh;
  s.key += strata ? "/fresh" : "/fresh/unstratified";
  return add_checked_set(p, std::move(s), reference);
}

int Worker::add_checked_set(Prepared& p, HostSet set, bool reference) {
  int index = [&] {
    PhaseScope scope("upload");
    return p.buffers->add_set(std::move(set));
  }();
  if (reference) reference_outputs(p, index);  // from its own device copy, untouched so far
  return index;
}

std::string Worker::floor_violation(const Prepared& p, const std::vector<double>& us) {
  const double median = engine::floor_median(us);
  PhysicalFloor floor = floor_us(p);
  // 30% margin: measured ceilings are not exact peaks, and the floor counts compulsory bytes.
  if (engine::under_floor(median, floor.us))
    return "median " + short_num(median) + " us is below the physical floor of " +
           short_num(floor.us) + " us (" + floor.how + "): a defect, not a win";
  return "";
}

}  // namespace solver::gpu
