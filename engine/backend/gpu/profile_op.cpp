// The profile op: the unprofiled median time first (signals of rate come from it, never from
// the replayed run: docs/h200.md; as many samples as adaptive_samples.h's rule needs), then the
// CUPTI range profiler over one run of the variant's launches, then signal derivation with the
// driver's launch attributes and the measured ceilings.
#include <algorithm>

#include "engine/backend/adaptive_samples.h"
#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/protocol_io.h"
#include "engine/backend/gpu/worker.h"
#include "engine/backend/sequence_plan.h"
#include "profiling/cupti_range_profiler.h"
#include "profiling/launch_share.h"
#include "profiling/metric_set.h"
#include "profiling/pc_signals.h"
#include "profiling/signal_derivation.h"

namespace solver::gpu {

engine::ProfileResult Worker::profile(const engine::VariantRef& v, int samples, bool full,
                                      const std::vector<std::string>& requested, bool pc_sampling) {
  NvtxRange range("profile");
  engine::ProfileResult out;
  PhaseTimer timer(&out.phases_ms);
  timer.start("prepare");
  Preparation prep = prepare(v, standing_seeds(engine::kRotationSets));  // as every sequence (P8)
  if (!prep.prepared) {
    out.detail = std::string(engine::to_string(prep.failure.status)) + ": " + prep.failure.detail;
    return out;
  }
  Prepared& p = *prep.prepared;
  timer.start("unprofiled");
  // Adaptive count (adaptive_samples.h): a slow, steady seed stops after 6 samples instead of
  // 20 (naive matmul: 276 ms each), decided on the event times as they come (the activity
  // records arrive when the trace stops); the spread of the kernel times is recorded below.
  engine::SampleRule rule;
  rule.cap = samples;
  rule.floor = std::min(rule.floor, samples);
  TimedSeries t = time_sequence(
      {&p}, engine::single_order(samples), {},
      [&](const TimedSeries& so_far) { return engine::enough_samples(so_far.event_us[0], rule); },
      /*audit: none*/ 0u);
  std::vector<double> times = t.kernel_us[0];
  std::sort(times.begin(), times.end());
  out.time_us = times.empty() ? 0 : times[times.size() / 2];

  // The host derives the list from its rule table; without one, the default set.
  std::vector<std::string> metrics =
      !full && !requested.empty() ? requested
                                  : profiling::metric_names(full ? profiling::MetricSet::Full
                                                                 : profiling::MetricSet::Default);
  if (std::find(metrics.begin(), metrics.end(), profiling::metric::kTime) == metrics.end())
    metrics.emplace_back(profiling::metric::kTime);
  // The PC sampling pass's compile and disassembly run beside the passes (after the unprofiled
  // timing, so its samples see a quiet host).
  std::future<PcPrep> pc_prep;
  if (pc_sampling) pc_prep = start_pc_prep(p);
  timer.start("passes");
  profiling::MetricValues mv;
  {
    // Scoped: the range profiler is gone before the PC sampling pass enables its own collection.
    profiling::RangeProfiler profiler(ctx_->context());
    if (!profiler.init_error().empty()) {
      out.detail = "range profiler unavailable: " + profiler.init_error();
      return out;
    }
    // Kernel replay runs each kernel once per pass: the batch budget grows with the passes.
    beat("profile " + p.resolved.key, int64_t(p.timeout_ms) * 48);
    mv = profiler.profile(metrics, [&] {
      p.buffers->prepare_variant_run(0, ctx_->stream());
      p.module->launch(ctx_->stream(), p.buffers->variant_args(0));
      CU_CHECK(cuStreamSynchronize(ctx_->stream()));
    });
  }
  if (!mv.ok()) {
    out.detail = std::string("profiler: ") + profiling::to_string(mv.status) + ": " + mv.error;
    for (const auto& bad : mv.invalid) out.detail += " " + bad;
    return out;
  }
  timer.start("derive");
  // The launch that took longest speaks for the variant's resources, and its share of the run
  // is the weight rules read (profiling/launch_share.h). Without one duration per launch the
  // profile cannot say which launch dominates: the first speaks, with the whole run's weight.
  size_t heaviest = 0;
  std::optional<profiling::LaunchShare> dominant;
  if (mv.kernels.size() == p.resolved.launches.size()) {
    std::vector<double> durations;
    for (const auto& k : mv.kernels) {
      auto it = k.values.find(std::string(profiling::metric::kTime));
      durations.push_back(it == k.values.end() ? 0 : it->second);
    }
    dominant = profiling::dominant_launch(durations);
    if (dominant) heaviest = dominant->index;
  }
  const engine::Ceilings& c = ceilings();
  profiling::DerivationInput in;
  in.raw = mv.values;
  in.time_us = out.time_us;
  in.flops = p.resolved.flops;
  in.bytes = p.resolved.bytes;
  in.chip = &chip_;
  if (c.copy_gbps > 0) in.measured.dram_bytes_per_s = c.copy_gbps * 1e9;
  if (c.sgemm_tflops > 0) in.measured.fp32_flops_per_s = c.sgemm_tflops * 1e12;
  if (c.tf32_tflops > 0) in.measured.tf32_flops_per_s = c.tf32_tflops * 1e12;
  in.launch = p.module->launch_attributes(heaviest);
  std::vector<std::string> entries;
  for (const auto& l : p.resolved.launches)
    if (std::find(entries.begin(), entries.end(), l.entry) == entries.end())
      entries.push_back(l.entry);
  in.kernel_count = double(entries.size());
  in.launch_count = double(p.resolved.launches.size());
  in.dtype = p.resolved.precision;
  if (p.tensor_ops) {
    in.code_tensor_ops = p.tensor_ops->total();
    in.code_wgmma_ops = p.tensor_ops->wgmma;
    in.code_mbarrier_waits = p.tensor_ops->mbarrier_waits;
    in.code_tma_copies = p.tensor_ops->tma_copies;
  }
  in.code_gemm_loop = p.gemm_loop;
  in.code_load_chain = p.load_chain;
  in.code_contiguous_access_frac = p.contiguous_access_frac;
  in.code_strided_access_frac = p.strided_access_frac;
  in.code_store_fill_frac = p.store_fill_frac;
  in.code_index_load_frac = p.index_load_frac;
  in.code_guard_lanes = p.guard_lanes;
  // The profile's subject is one run of the problem; the signals describe its longest launch,
  // so weight is that launch's share of the run (1 for a single launch, by definition).
  in.weight = dominant ? dominant->share : 1.0;
  if (dominant) in.dominant_launch = double(dominant->index);
  if (!t.gap_frac[0].empty()) {
    std::vector<double> g = t.gap_frac[0];
    std::sort(g.begin(), g.end());
    in.launch_gap_frac = g[g.size() / 2];
  }
  profiling::Derivation d = profiling::derive_signals(in);
  out.signals = d.signals;
  for (const auto& [name, origin] : d.origin)
    out.signal_origin[name] = profiling::to_string(origin);
  out.defects = d.defects;
  out.raw_metrics = mv.values;
  // The collection's own cost, kept with the raw values for docs/benchmarks.md.
  out.raw_metrics["solver__profiler_passes"] = double(mv.passes);
  out.raw_metrics["solver__collection_ms"] = mv.collection_ms;
  out.raw_metrics["solver__event_median_us"] = [&] {
    auto e = t.event_us[0];
    std::sort(e.begin(), e.end());
    return e.empty() ? 0.0 : e[e.size() / 2];
  }();
  out.raw_metrics["solver__sm_clock_mhz_unprofiled"] = t.sm_clock_mhz;
  // How many unprofiled samples the rule took and how tight they were (the kernel times the
  // median is taken from): the precision of time_us, stated with it.
  out.raw_metrics["solver__unprofiled_samples"] = double(t.kernel_us[0].size());
  out.raw_metrics["solver__unprofiled_spread"] = engine::relative_spread(t.kernel_us[0]);
  // Kept with the raw values so that `solver recording rederive` can rebuild both signals.
  if (dominant) {
    out.raw_metrics["solver__dominant_launch"] = double(dominant->index);
    out.raw_metrics["solver__dominant_share"] = dominant->share;
  }
  // Stall reasons per source line of the dominant launch (docs/pc_sampling.md): an extra pass
  // whose failure is a reason recorded with the profile, never the profile's failure.
  if (pc_sampling) {
    timer.start("pc_sampling");
    out.pc_sampling =
        sample_pcs(p, heaviest, out.time_us * in.weight.value_or(1.0), std::move(pc_prep));
    profiling::add_pc_signals(*out.pc_sampling, out.signals, &out.signal_origin);
  }
  out.ok = true;
  for (const auto& n : d.notes) out.detail += (out.detail.empty() ? "" : "; ") + n;
  if (!t.note.empty()) out.detail += (out.detail.empty() ? "" : "; ") + t.note;
  return out;
}

}  // namespace solver::gpu
