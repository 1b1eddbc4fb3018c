#include "profiling/metric_set.h"

#include <algorithm>
#include <array>

namespace solver::profiling {
namespace {

using namespace metric;

// to_array sizes the table from its rows, so a row cannot be silently dropped or defaulted.
constexpr auto kMetrics = std::to_array<MetricDef>({
    {kTime, "time_us_profiled", true, 1,
     "kernel time under the profiler: slower than unprofiled for memory-bound kernels"},
    {kDramPct, "dram_pct_profiled", true, 1,
     "kept apart from dram_frac: replay halves it for a memory-bound kernel (docs/h200.md)"},
    {kDramRead, "dram_bytes", true, 1, ""},
    {kDramWrite, "dram_bytes", true, 1, ""},
    {kWarpsActive, "occupancy", true, 1, "achieved occupancy"},
    {kTensorActive, "tensor_frac", true, 1, "covers HMMA, HGMMA and QGMMA on Hopper"},
    {kTensorInst, "tensor_active", true, 1, ""},
    {kTensorInstHmma, "", true, 1, "mma.sync / WMMA instructions"},
    {kTensorInstGmma, "wgmma_active", true, 1, "wgmma instructions (Hopper)"},
    {kFmaActive, "fma_frac", true, 1, ""},
    {kLoadEff, "load_eff", true, 1, "useful bytes per 32-byte sector of global loads"},
    {kLdSectors, "sectors_per_request", true, 1, ""},
    {kLdRequests, "sectors_per_request", true, 1, ""},
    {kL2Hit, "l2_hit", true, 2, ""},
    {kBankConflicts, "bank_conflicts_per_request", true, 1, ""},
    {kSharedLd, "bank_conflicts_per_request", true, 1, ""},
    {kSharedSt, "bank_conflicts_per_request", true, 1, ""},
    {kInst, "inst_executed tensor_active wgmma_active", true, 1, "instructions executed"},
    {kSmClock, "sm_clock_mhz", true, 1, "SM clock under profiling, to compare with the unprofiled clock"},
    {kLdgsts, "uses_cp_async", true, 0, "cp.async (LDGSTS) instructions"},
    {kTmaInst, "uses_cp_async", true, 0, "TMA instructions (Hopper)"},
    {kIssueActive, "issue_frac", true, 0, ""},
});

// Only in the full set: 8 replay passes on its own. The FLOP rate a rule should trust is
// flop_frac (unprofiled time, problem formula); compute_frac is the profiler's SOL view.
constexpr MetricDef kFullOnly[] = {
    {kSmThroughput, "compute_frac", false, 8, "compute SOL %: 8 passes alone on the H200"},
};

}  // namespace

const char* to_string(MetricSet s) { return s == MetricSet::Default ? "default" : "full"; }

std::span<const MetricDef> metric_table() {
  static const std::vector<MetricDef> all = [] {
    std::vector<MetricDef> v(kMetrics.begin(), kMetrics.end());
    v.insert(v.end(), std::begin(kFullOnly), std::end(kFullOnly));
    return v;
  }();
  return all;
}

const MetricDef* find_metric(std::string_view name) {
  auto t = metric_table();
  auto it = std::find_if(t.begin(), t.end(), [&](const MetricDef& m) { return m.name == name; });
  return it == t.end() ? nullptr : &*it;
}

std::vector<std::string> metric_names(MetricSet set) {
  std::vector<std::string> out;
  for (const auto& m : metric_table())
    if (m.in_default || set == MetricSet::Full) out.emplace_back(m.name);
  return out;
}

}  // namespace solver::profiling
