#include "engine/eval/rederive.h"

#include <algorithm>
#include <filesystem>
#include <set>

#include "generators/nvrtc_compiler.h"
#include "generators/problem_spec.h"
#include "generators/variant_space.h"
#include "profiling/pc_signals.h"
#include "profiling/signal_derivation.h"
#include "rules/value.h"

namespace solver::engine {
namespace {

std::optional<double> number(const rules::SignalSet& s, const char* name) {
  if (auto* d = std::get_if<double>(&s.get(name))) return *d;
  return std::nullopt;
}

// The launch attributes the worker took from the driver, back from the signals they became.
profiling::LaunchAttributes launch_from(const rules::SignalSet& s) {
  profiling::LaunchAttributes l;
  l.regs_per_thread = number(s, "regs_per_thread");
  l.static_smem_bytes = number(s, "smem_per_block");  // static + dynamic, kept as one sum
  l.local_bytes_per_thread = number(s, "local_bytes");
  l.block_threads = number(s, "block_threads");
  l.grid_blocks = number(s, "grid_blocks");
  l.max_active_blocks_per_sm = number(s, "blocks_per_sm");
  if (auto* t = std::get_if<std::string>(&s.get("occupancy_limiter"))) l.occupancy_limiter = *t;
  return l;
}

// A value the derivation dropped as out of range must not come back from the old recording.
bool is_defect(const profiling::Derivation& d, std::string_view name) {
  for (const auto& text : d.defects)
    if (text.size() > name.size() + 3 && text.compare(0, name.size(), name) == 0 &&
        text.compare(name.size(), 3, " = ") == 0)
      return true;
  return false;
}

}  // namespace

RederiveReport rederive_recording(Recording& rec, const std::string& problems_root,
                                  const rules::ChipProfile& chip, generators::CompileCache* cache) {
  RederiveReport report;
  profiling::Ceilings measured;
  if (auto it = rec.ceilings.find("dram_gbps"); it != rec.ceilings.end())
    measured.dram_bytes_per_s = it->second * 1e9;
  if (auto it = rec.ceilings.find("fp32_tflops"); it != rec.ceilings.end())
    measured.fp32_flops_per_s = it->second * 1e12;
  if (auto it = rec.ceilings.find("tf32_tflops"); it != rec.ceilings.end())
    measured.tf32_flops_per_s = it->second * 1e12;
  for (auto& [problem, rp] : rec.problems) {
    generators::ProblemSpec spec;
    try {
      spec = generators::load_problem((std::filesystem::path(problems_root) / problem).string());
    } catch (const std::exception& e) {
      report.skipped.push_back(problem + ": problem not loadable: " + e.what());
      continue;
    }
    for (auto& [key, rv] : rp.variants) {
      const std::string& problem_name = problem;  // a lambda may not capture a structured
      const std::string& variant_key = key;       // binding (C++17; clang refuses it)
      auto skip = [&](const std::string& why) {
        report.skipped.push_back(problem_name + " " + variant_key + ": " + why);
      };
      if (!rv.profile || !rv.profile->ok) {
        skip("not profiled");
        continue;
      }
      auto [id, knobs] = generators::parse_variant_key(key);
      const generators::VariantSpec* v = spec.find_variant(id);
      if (!v) {
        skip("no such variant in the pool any more");
        continue;
      }
      generators::ResolvedVariant r = generators::resolve(spec, *v, knobs, chip);
      if (!r.ok()) {
        skip("does not resolve");
        continue;
      }
      if (rv.gate && !rv.gate->source_hash.empty() && rv.gate->source_hash != r.source_hash) {
        skip("kernel source changed since it was recorded");
        continue;
      }
      ProfileResult& prof = *rv.profile;
      const rules::SignalSet before = prof.signals;
      profiling::DerivationInput in;
      for (const auto& [name, value] : prof.raw_metrics)
        if (name.rfind("solver__", 0) != 0) in.raw[name] = value;
      in.time_us = prof.time_us > 0 ? std::optional<double>(prof.time_us) : std::nullopt;
      in.flops = r.flops;
      in.bytes = r.bytes;
      in.chip = &chip;
      in.measured = measured;
      in.launch = launch_from(before);
      std::set<std::string> entries;
      for (const auto& l : r.launches) entries.insert(l.entry);
      in.kernel_count = double(entries.size());
      in.launch_count = double(r.launches.size());
      in.dtype = r.precision;
      generators::CompileResult compiled = generators::compile_variant(r, cache);
      // As the live profile (profile_op.cpp): the longest launch's share where the recording
      // kept it, else 1 (recordings made before the worker measured shares).
      auto raw = [&](const char* n) -> std::optional<double> {
        auto it = prof.raw_metrics.find(n);
        return it == prof.raw_metrics.end() ? std::nullopt : std::optional<double>(it->second);
      };
      in.weight = raw("solver__dominant_share").value_or(1.0);
      in.dominant_launch = raw("solver__dominant_launch");
      if (compiled.ok && compiled.tensor_ops) {
        in.code_tensor_ops = compiled.tensor_ops->total();
        in.code_wgmma_ops = compiled.tensor_ops->wgmma;
        in.code_mbarrier_waits = compiled.tensor_ops->mbarrier_waits;
        in.code_tma_copies = compiled.tensor_ops->tma_copies;
        in.code_gemm_loop = compiled.gemm_loop;
        in.code_load_chain = compiled.load_chain;
        in.code_contiguous_access_frac = compiled.contiguous_access_frac;
        in.code_strided_access_frac = compiled.strided_access_frac;
        in.code_store_fill_frac = compiled.store_fill_frac;
        in.code_index_load_frac = compiled.index_load_frac;
        in.code_guard_lanes = compiled.guard_lanes;
      } else {
        report.notes.push_back(problem + " " + key + ": code not scanned (" +
                               (compiled.ok ? std::string("no PTX") : compiled.error) +
                               "); re-derived from the counters alone");
      }
      profiling::Derivation d = profiling::derive_signals(in);
      // Signals the derivation cannot rebuild from what was kept stay as recorded.
      rules::SignalSet after = d.signals;
      // PC sampling's signals come from the kept per-line samples (profiling/pc_signals.h).
      if (prof.pc_sampling)
        profiling::add_pc_signals(*prof.pc_sampling, after, &prof.signal_origin);
      for (const auto& [name, value] : before.values)
        if (rules::is_missing(after.get(name)) && !is_defect(d, name))
          after.set(std::string(name), value);
      std::set<std::string> names;
      for (const auto& [name, value] : before.values) names.insert(std::string(name));
      for (const auto& [name, value] : after.values) names.insert(std::string(name));
      for (const auto& name : names) {
        std::string a = rules::format_value(before.get(name)),
                    b = rules::format_value(after.get(name));
        if (a != b) report.changes.push_back({problem, key, name, a, b});
      }
      prof.signals = std::move(after);
      prof.defects = d.defects;
      for (const auto& [name, origin] : d.origin)
        prof.signal_origin[name] = profiling::to_string(origin);
      ++report.variants;
    }
  }
  return report;
}

}  // namespace solver::engine
