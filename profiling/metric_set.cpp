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
    {kTensorActive, "tensor_frac tensor_active flop_frac gemm_ref_ratio pipe_top pipe_top_frac",
     true, 1, "covers HMMA, HGMMA and QGMMA on Hopper"},
    {kTensorInst, "tensor_active flop_frac gemm_ref_ratio", true, 1,
     "tensor_active decides which roof flop_frac is held to"},
    {kTensorInstHmma, "", true, 1, "mma.sync / WMMA instructions"},
    {kTensorInstGmma, "wgmma_active", true, 1, "wgmma instructions (Hopper)"},
    {kFmaActive, "fma_frac pipe_top pipe_top_frac", true, 1, ""},
    {kLoadEff, "load_eff", true, 1, "useful bytes per 32-byte sector of global loads"},
    {kStoreEff, "store_eff", true, 0, "useful bytes per 32-byte sector of global stores"},
    {kLdSectors, "sectors_per_request load_sector_wait_ns", true, 1, ""},
    {kLdRequests, "sectors_per_request", true, 1, ""},
    {kL2Hit, "l2_hit", true, 2, ""},
    {kBankConflicts, "bank_conflicts_per_request", true, 1,
     "every shared operation's extra wavefronts, the atomics' serialisation included"},
    {kBankConflictsLd, "bank_conflicts_per_request", true, 0, "shared loads' extra wavefronts"},
    {kBankConflictsSt, "bank_conflicts_per_request", true, 0, "shared stores' extra wavefronts"},
    {kBankConflictsLdgsts, "bank_conflicts_per_request", true, 0,
     "cp.async (LDGSTS) fills' extra wavefronts"},
    {kSharedLd, "bank_conflicts_per_request smem_inst_frac", true, 1, ""},
    {kSharedSt, "bank_conflicts_per_request smem_inst_frac", true, 1, ""},
    {kInst,
     "inst_executed tensor_active wgmma_active flop_frac gemm_ref_ratio local_inst_frac "
     "atomic_inst_frac threads_per_inst warp_efficiency const_replay_frac smem_inst_frac",
     true, 1, "instructions executed: the denominator of the per-instruction shares"},
    {kSmClock, "sm_clock_mhz load_sector_wait_ns", true, 1,
     "SM clock under profiling, to compare with the unprofiled clock"},
    {kLdgsts, "uses_cp_async bank_conflicts_per_request smem_inst_frac", true, 0,
     "cp.async (LDGSTS) instructions"},
    {kTmaInst, "uses_cp_async", true, 0, "TMA instructions (Hopper)"},
    {kIssueActive, "issue_frac", true, 0, ""},
    {kAluInst, "alu_frac pipe_top pipe_top_frac", true, 0, "ALU pipe: integer, logic, compare"},
    {kFp64Active, "fp64_frac pipe_top pipe_top_frac", true, 0, "FP64 pipe"},
    {kXuInst, "xu_frac pipe_top pipe_top_frac", true, 0, "XU pipe: transcendentals, conversions"},
    {kLsuInst, "lsu_frac pipe_top pipe_top_frac", true, 0, "LSU pipe"},
    {kL1Hit, "l1_hit", true, 0, ""},
    {kL1Wavefronts, "l1_frac", true, 0, "L1 data-pipe throughput"},
    {kL2Sectors, "l2_frac", true, 0,
     "L2 throughput from one counter (lts__throughput is a multi-pass breakdown)"},
    {kLocalLdInst, "local_inst_frac", true, 0, ""},
    {kLocalStInst, "local_inst_frac", true, 0, ""},
    {kLocalLdSectors, "local_traffic_bytes load_sector_wait_ns", true, 0, ""},
    {kLocalStSectors, "local_traffic_bytes", true, 0, ""},
    {kGlobalAtomInst, "atomic_inst_frac", true, 0, ""},
    {kGlobalRedInst, "atomic_inst_frac", true, 0, ""},
    {kSharedAtomInst, "atomic_inst_frac", true, 0, ""},
    {kL2AtomRequests, "l2_atomic_requests", true, 0, ""},
    {kL2RedRequests, "l2_atomic_requests", true, 0, ""},
    {kThreadInst, "threads_per_inst warp_efficiency", true, 0, ""},
    {kSmActive, "sm_active_frac", true, 0, ""},
    {kWarpsActiveSum,
     "stall_long_scoreboard stall_short_scoreboard stall_mio_throttle stall_barrier stall_membar "
     "stall_lg_throttle stall_math_pipe_throttle stall_wait stall_not_selected "
     "stall_branch_resolving stall_dispatch_stall stall_drain stall_imc_miss stall_no_instruction "
     "stall_selected stall_sleeping stall_tex_throttle stall_gmma stall_misc stall_top "
     "stall_top_frac",
     true, 0, "denominator of the warp-stall shares"},
    {kStallLongSb, "stall_long_scoreboard stall_top stall_top_frac load_sector_wait_ns", true, 0,
     ""},
    {kStallShortSb, "stall_short_scoreboard stall_top stall_top_frac", true, 0, ""},
    {kStallMio, "stall_mio_throttle stall_top stall_top_frac", true, 0, ""},
    {kStallBarrier, "stall_barrier stall_top stall_top_frac", true, 0, ""},
    {kStallMembar, "stall_membar stall_top stall_top_frac", true, 0, ""},
    {kStallLg, "stall_lg_throttle stall_top stall_top_frac", true, 0, ""},
    {kStallMath, "stall_math_pipe_throttle stall_top stall_top_frac", true, 0, ""},
    {kStallWait, "stall_wait stall_top stall_top_frac", true, 0, ""},
    {kStallNotSelected, "stall_not_selected stall_top stall_top_frac", true, 0, ""},
    // The rest of the time account (issue 29): every reason the H200 reports.
    {kStallBranch, "stall_branch_resolving stall_top stall_top_frac", true, 0, ""},
    {kStallDispatch, "stall_dispatch_stall stall_top stall_top_frac", true, 0, ""},
    {kStallDrain, "stall_drain stall_top stall_top_frac", true, 0, ""},
    {kStallImcMiss, "stall_imc_miss stall_top stall_top_frac", true, 0,
     "constant-cache misses and serialisation"},
    {kStallNoInst, "stall_no_instruction stall_top stall_top_frac", true, 0, "instruction fetch"},
    {kStallSelected, "stall_selected", true, 0, "the issuing share"},
    {kStallSleeping, "stall_sleeping stall_top stall_top_frac", true, 0, ""},
    {kStallTex, "stall_tex_throttle stall_top stall_top_frac", true, 0, ""},
    {kStallGmma, "stall_gmma stall_top stall_top_frac", true, 0, "waiting on wgmma (Hopper)"},
    {kStallMisc, "stall_misc stall_top stall_top_frac", true, 0, ""},
    {kUniformInst, "uniform_frac pipe_top pipe_top_frac", true, 0, "uniform datapath pipe"},
    {kIdcRequests, "const_miss_frac", true, 0, "constant-cache lookups"},
    {kIdcMisses, "const_miss_frac", true, 0, "constant-cache misses"},
    {kIdcReplays, "const_replay_frac", true, 0,
     "constant-cache replays: lanes reading different __constant__ addresses"},
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

namespace {
bool feeds(const MetricDef& m, std::string_view signal) {
  std::string_view rest = m.feeds;
  while (!rest.empty()) {
    auto sp = rest.find(' ');
    if (rest.substr(0, sp) == signal) return true;
    if (sp == std::string_view::npos) break;
    rest.remove_prefix(sp + 1);
  }
  return false;
}
}  // namespace

std::vector<std::string> metrics_for_signals(const std::vector<std::string>& signals) {
  std::vector<std::string> out;
  for (const auto& m : metric_table()) {
    bool want = m.name == kTime;
    for (const auto& s : signals) want = want || feeds(m, s);
    if (want) out.emplace_back(m.name);
  }
  return out;
}

bool signal_needs_metrics(std::string_view signal) {
  for (const auto& m : metric_table())
    if (feeds(m, signal)) return true;
  return false;
}

bool collectable_with(std::string_view signal, const std::vector<std::string>& metrics) {
  bool any = false;
  for (const auto& m : metric_table()) {
    if (!feeds(m, signal)) continue;
    any = true;
    if (std::find(metrics.begin(), metrics.end(), m.name) == metrics.end()) return false;
  }
  return any;
}

std::vector<std::string> metric_names(MetricSet set) {
  std::vector<std::string> out;
  for (const auto& m : metric_table())
    if (m.in_default || set == MetricSet::Full) out.emplace_back(m.name);
  return out;
}

}  // namespace solver::profiling
