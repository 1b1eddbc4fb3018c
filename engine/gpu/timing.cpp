// Unprofiled timing (DESIGN.md, measurement protocol): CUPTI activity records give each
// kernel's GPU time, summed over the variant's launch list per sample; cuEvents around the same
// launches are the cross-check. Before each sample: the next input set (rotation), outputs
// poisoned, and the L2 flushed by writing twice its size, so no sample reads the last one's
// data from cache. Warm-up runs first. The SM clock is read after every sample.
#include <cupti.h>

#include <algorithm>
#include <cmath>

#include "engine/gpu/activity_trace.h"
#include "engine/gpu/host_data.h"
#include "engine/gpu/protocol_io.h"
#include "engine/gpu/worker.h"
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
                                  const std::vector<int>& order, int warmup) {
  NvtxRange range("time");
  CUstream stream = ctx_->stream();
  if (!l2_flush_) l2_flush_ = std::make_unique<DeviceBuffer>(size_t(2 * std::max<int64_t>(device_.l2_bytes, 1 << 20)));
  auto run = [&](Prepared& p, CUevent before, CUevent after, uint64_t* t0, uint64_t* t1) {
    int set = p.next_set++ % p.buffers->sets();
    beat("timed run " + p.resolved.key, p.timeout_ms);
    p.buffers->prepare_variant_run(set, stream);
    CU_CHECK(cuMemsetD32Async(l2_flush_->ptr(), ++l2_flush_value_, l2_flush_->bytes() / 4, stream));
    CU_CHECK(cuStreamSynchronize(stream));
    if (t0) cuptiGetTimestamp(t0);
    if (before) CU_CHECK(cuEventRecord(before, stream));
    p.module->launch(stream, p.buffers->variant_args(set));
    if (after) CU_CHECK(cuEventRecord(after, stream));
    CU_CHECK(cuStreamSynchronize(stream));
    if (t1) cuptiGetTimestamp(t1);
  };
  for (Prepared* p : runners)
    for (int i = 0; i < warmup; ++i) run(*p, nullptr, nullptr, nullptr, nullptr);

  TimedSeries out;
  out.kernel_us.resize(runners.size());
  out.event_us.resize(runners.size());
  out.gap_frac.resize(runners.size());
  bool traced = true;
  try {
    ActivityTrace::instance().start();
  } catch (const std::exception& e) {
    traced = false;
    out.note = std::string("no activity trace (") + e.what() + "): event times stand in";
  }
  // One untimed run with the trace on: the first launch after enabling it carries CUPTI's
  // set-up in its event time (5 ms against 0.26 ms seen on the H200). Its records fall before
  // the first window and are skipped.
  if (traced) run(*runners[size_t(order.empty() ? 0 : order[0])], nullptr, nullptr, nullptr, nullptr);
  std::vector<std::pair<uint64_t, uint64_t>> windows;
  std::vector<double> clocks;
  Event before, after;
  for (int r : order) {
    uint64_t t0 = 0, t1 = 0;
    run(*runners[size_t(r)], before.e, after.e, &t0, &t1);
    float ms = 0;
    CU_CHECK(cuEventElapsedTime(&ms, before.e, after.e));
    out.event_us[size_t(r)].push_back(ms * 1000.0);
    windows.push_back({t0, t1});
    clocks.push_back(clocks_->sm_clock_mhz());
  }
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
  // Each sample ran alone between two synchronisations: its kernels are the records whose start
  // falls in its window.
  size_t next = 0;
  int mismatches = 0;
  for (size_t k = 0; k < order.size(); ++k) {
    size_t r = size_t(order[k]);
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

engine::TimeSamples Worker::time(const engine::VariantRef& v, int samples, uint64_t seed) {
  engine::TimeSamples t;
  auto seeds = derive_seeds(seed ? seed : 0x5eed2026, 2);
  Preparation prep = prepare(v, seeds);
  if (!prep.prepared) {
    t.detail = std::string(engine::to_string(prep.failure.status)) + ": " + prep.failure.detail;
    t.failure = prep.failure.status;
    return t;
  }
  Prepared& p = *prep.prepared;
  TimedSeries s = time_sequence({&p}, std::vector<int>(size_t(samples), 0), 3);
  t.kernel_us = s.kernel_us[0];
  t.event_us = s.event_us[0];
  t.sm_clock_mhz = s.sm_clock_mhz;
  t.clock_source = clocks_->source();
  engine::GateResult g;
  int last_set = (p.next_set + p.buffers->sets() - 1) % p.buffers->sets();
  t.ok = check_outputs(p, last_set, g, "after timing");
  t.detail = t.ok ? s.note : "wrong result after timing: " + g.detail;
  if (!t.ok) t.failure = engine::GateStatus::WrongResult;
  return t;
}

engine::PairSamples Worker::time_pairs(const engine::VariantRef& a, const engine::VariantRef& b,
                                       int pairs, uint64_t seed, std::string* error,
                                       engine::GateStatus* status) {
  engine::PairSamples out;
  auto seeds = derive_seeds(seed ? seed : 0x5eed2026, 2);
  Preparation pa = prepare(a, seeds);
  Preparation pb = prepare(b, seeds);
  for (auto* prep : {&pa, &pb})
    if (!prep->prepared) {
      *error = std::string(engine::to_string(prep->failure.status)) + ": " + prep->failure.detail;
      *status = prep->failure.status;
      return out;
    }
  // A B B A: each member goes first as often as second, so drift within a pair cancels.
  std::vector<int> order;
  for (int i = 0; i < pairs; ++i) {
    if (i % 2 == 0) order.insert(order.end(), {0, 1});
    else order.insert(order.end(), {1, 0});
  }
  TimedSeries s = time_sequence({pa.prepared.get(), pb.prepared.get()}, order, 3);
  out.incumbent_us = s.kernel_us[0];
  out.candidate_us = s.kernel_us[1];
  out.sm_clock_mhz = s.sm_clock_mhz;
  for (auto* prep : {&pa, &pb}) {
    Prepared& p = *prep->prepared;
    engine::GateResult g;
    int last_set = (p.next_set + p.buffers->sets() - 1) % p.buffers->sets();
    if (!check_outputs(p, last_set, g, "after paired timing")) {
      *error = p.resolved.key + ": wrong result after timing: " + g.detail;
      *status = engine::GateStatus::WrongResult;
      return {};
    }
  }
  return out;
}

double Worker::floor_us(const Prepared& p, std::string* how) {
  const engine::Ceilings& c = ceilings();
  double bw = std::max(c.copy_gbps, c.datasheet_dram_gbps) * 1e9;
  const std::string& prec = p.resolved.precision;
  double rate = 0;
  std::string rate_name;
  if (prec == "tf32") { rate = std::max(c.tf32_tflops, c.datasheet_tf32_tflops); rate_name = "TF32"; }
  else if (prec == "fp16" || prec == "bf16") { rate = chip_.number(prec + "_tflops"); rate_name = prec; }
  else if (prec == "fp32") {
    // An fp32 problem may legally run on tensor cores in TF32 only if its tolerance allows;
    // hold it to the FP32 CUDA-core peak (the faster TF32 path would be a tf32 variant).
    rate = std::max(c.sgemm_tflops, c.datasheet_fp32_tflops);
    rate_name = "FP32";
  }
  rate *= 1e12;
  double t_bytes = bw > 0 && p.resolved.bytes > 0 ? p.resolved.bytes / bw * 1e6 : 0;
  double t_flops = rate > 0 && p.resolved.flops > 0 ? p.resolved.flops / rate * 1e6 : 0;
  *how = "max of " + short_num(p.resolved.bytes) + " B at " + short_num(bw / 1e9) + " GB/s and " +
         short_num(p.resolved.flops) + " FLOP at " + short_num(rate / 1e12) + " " + rate_name +
         " TFLOP/s";
  return std::max(t_bytes, t_flops);
}

}  // namespace solver::gpu
