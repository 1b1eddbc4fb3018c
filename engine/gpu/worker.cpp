#include "engine/gpu/worker.h"

#include <algorithm>
#include <cstdio>
#include <cmath>
#include <filesystem>
#include <random>

#include "engine/gpu/device_info.h"
#include "engine/gpu/host_data.h"
#include "engine/gpu/protocol_io.h"
#include "generators/nvrtc_compiler.h"
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

Worker::Worker(WorkerConfig config, std::string* error) : config_(std::move(config)) {
  ctx_ = std::make_unique<DeviceContext>();  // CudaError on no driver / no device
  clocks_ = std::make_unique<ClockReader>(*ctx_);
  device_ = query_device(*ctx_);
  if (!config_.chips_file.empty()) {
    try {
      chips_ = rules::load_chip_table(config_.chips_file);
    } catch (const std::exception& e) {
      *error = std::string("chips table unusable: ") + e.what();
    }
  }
  chip_ = chip_profile_for(device_, chips_ ? &*chips_ : nullptr);
  std::string dir = config_.cache_dir.empty() ? generators::default_cache_dir() : config_.cache_dir;
  cache_ = std::make_unique<generators::CompileCache>(dir);
}

engine::WorkerResponse Worker::handle(const engine::WorkerRequest& r) {
  engine::WorkerResponse resp;
  resp.id = r.id;
  resp.ok = true;
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
    if (need(r.variant, "variant")) resp.gate = gate(*r.variant, r.input_sets, r.seed);
  } else if (r.op == "time") {
    if (need(r.variant, "variant")) resp.time = time(*r.variant, std::max(1, r.samples), r.seed);
  } else if (r.op == "time_pairs") {
    if (need(r.incumbent, "incumbent") && need(r.candidate, "candidate")) {
      std::string error;
      engine::GateStatus status = engine::GateStatus::Fault;
      resp.pairs = time_pairs(*r.incumbent, *r.candidate, std::max(1, r.pairs), r.seed, &error, &status);
      if (!error.empty()) {
        resp.ok = false;
        resp.error = error;
        resp.error_status = status;
        resp.pairs.reset();
      }
    }
  } else if (r.op == "profile") {
    if (need(r.variant, "variant")) resp.profile = profile(*r.variant, std::max(3, r.samples), r.full_metrics, r.metrics);
  } else {
    resp.ok = false;
    resp.error = "unknown op '" + r.op + "'";
  }
  return resp;
}

Preparation Worker::prepare(const engine::VariantRef& v, const std::vector<uint64_t>& seeds,
                             bool cache_inputs) {
  Preparation out;
  GateResult& g = out.failure;
  g.status = GateStatus::InvalidSpec;
  auto p = std::make_unique<Prepared>();
  try {
    p->spec = generators::load_problem((fs::path(config_.problems_root) / v.problem).string());
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
  p->timeout_ms = config_.timeout_ms > 0 ? config_.timeout_ms : p->spec.timeout_ms;
  {
    NvtxRange range("compile");
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
      g.detail = "the problem's reference does not compile: " + ref_compiled.error + "\n" + ref_compiled.log;
      return out;
    }
    p->tensor_ops = compiled.tensor_ops;
    p->gemm_loop = compiled.gemm_loop;
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
  p->buffers = std::make_unique<DeviceBuffers>(p->resolved, p->reference, seeds,
                                               cache_inputs ? &input_cache_ : nullptr);
  out.prepared = std::move(p);
  return out;
}

void Worker::run_variant(Prepared& p, int set, const char* phase) {
  beat(phase, p.timeout_ms);
  p.buffers->prepare_variant_run(set, ctx_->stream());
  p.module->launch(ctx_->stream(), p.buffers->variant_args(set));
  CU_CHECK(cuStreamSynchronize(ctx_->stream()));
}

const std::vector<HostDoubles>& Worker::reference_outputs(Prepared& p, int set) {
  std::string key = p.spec.name + "|" + p.reference.source_hash + "|" +
                    std::to_string(p.buffers->seed(set));
  auto it = reference_cache_.find(key);
  if (it != reference_cache_.end()) {
    it->second.first = ++reference_uses_;
    return it->second.second;
  }
  // Bounded host memory: the least recently used entry goes (a gate's fresh seeds are used by
  // that gate alone, so they go before the seeds that time and profile repeat).
  while (reference_cache_.size() >= 6) {
    auto oldest = reference_cache_.begin();
    for (auto e = reference_cache_.begin(); e != reference_cache_.end(); ++e)
      if (e->second.first < oldest->second.first) oldest = e;
    reference_cache_.erase(oldest);
  }
  beat("reference run", std::max(p.timeout_ms, 60000));
  p.buffers->prepare_reference_run(set, ctx_->stream());
  p.reference_module->launch(ctx_->stream(), p.buffers->reference_args(set));
  CU_CHECK(cuStreamSynchronize(ctx_->stream()));
  std::vector<HostDoubles> outs;
  for (size_t i : p.buffers->outputs()) outs.push_back(p.buffers->read_reference_output(i));
  auto& entry = reference_cache_[key];
  entry = {++reference_uses_, std::move(outs)};
  return entry.second;
}

bool Worker::check_outputs(Prepared& p, int set, GateResult& g, const std::string& when) {
  NvtxRange range("check");
  // The variant's outputs are read before the reference runs (which shares no output buffer,
  // but keep the order obvious).
  // They stay in their dtype: the comparison reads each element as a double, on all cores.
  const auto& outs = p.buffers->outputs();
  if (output_scratch_.size() < outs.size()) output_scratch_.resize(outs.size());
  for (size_t k = 0; k < outs.size(); ++k) p.buffers->download_variant_output(outs[k], output_scratch_[k]);
  const auto& want = reference_outputs(p, set);
  for (size_t k = 0; k < outs.size(); ++k) {
    size_t buffer = outs[k];
    generators::DType dtype = p.resolved.buffers[buffer].dtype;
    const auto& got = output_scratch_[k];
    Comparison c = compare(got.data(), dtype, int64_t(got.size() / generators::dtype_size(dtype)),
                           want[k].data(), int64_t(want[k].size()), p.resolved.tolerance);
    if (std::isnan(c.max_abs_err) || std::isnan(g.max_abs_err)) g.max_abs_err = std::nan("");
    else g.max_abs_err = std::max(g.max_abs_err, c.max_abs_err);
    if (std::isnan(c.max_rel_err) || std::isnan(g.max_rel_err)) g.max_rel_err = std::nan("");
    else g.max_rel_err = std::max(g.max_rel_err, c.max_rel_err);
    if (!c.ok) {
      g.status = GateStatus::WrongResult;
      const auto& b = p.resolved.buffers[buffer];
      g.detail = c.describe(b.name, b.shape) + " (" + when + ", input set " + std::to_string(set) +
                 ", seed " + std::to_string(p.buffers->seed(set)) + ", tolerance rtol " +
                 short_num(p.resolved.tolerance.rtol) + " atol " +
                 short_num(p.resolved.tolerance.atol) + ")";
      return false;
    }
  }
  return true;
}

GateResult Worker::gate(const engine::VariantRef& v, int input_sets, uint64_t seed) {
  NvtxRange range("gate");
  auto seeds = derive_seeds(seed ? seed : kDefaultSeed, std::max(2, input_sets));
  Preparation prep = prepare(v, seeds, /*cache_inputs=*/false);
  if (!prep.prepared) return prep.failure;
  Prepared& p = *prep.prepared;
  GateResult g;
  g.source_hash = p.resolved.source_hash;
  g.seeds = seeds;
  g.input_sets = int(seeds.size());
  for (int s = 0; s < p.buffers->sets(); ++s) {
    run_variant(p, s, "check run");
    if (!check_outputs(p, s, g, "before timing")) return g;
  }
  // A short timed series: the floor check, and the output checked again after repeated runs
  // (a kernel that only works the first time, or races, shows here).
  std::vector<int> order(6, 0);
  TimedSeries t = time_sequence({&p}, order, 2);
  int last_set = (p.next_set + p.buffers->sets() - 1) % p.buffers->sets();
  if (!check_outputs(p, last_set, g, "after timing")) return g;
  std::vector<double> times = t.kernel_us[0];
  std::sort(times.begin(), times.end());
  double median = times.empty() ? 0 : times[times.size() / 2];
  std::string how;
  double floor = floor_us(p, &how);
  // 30% margin: measured ceilings are not exact peaks, and the floor counts compulsory bytes.
  if (floor > 0 && median > 0 && median < 0.7 * floor) {
    g.status = GateStatus::TooFast;
    g.detail = "median " + short_num(median) + " us is below the physical floor of " +
               short_num(floor) + " us (" + how + "): a defect, not a win";
    return g;
  }
  g.status = GateStatus::Passed;
  g.detail = "median " + short_num(median) + " us over " + std::to_string(times.size()) +
             " runs" + (floor > 0 ? "; floor " + short_num(floor) + " us (" + how + ")" : "") +
             (t.note.empty() ? "" : "; " + t.note);
  return g;
}

}  // namespace solver::gpu
