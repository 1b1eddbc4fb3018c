// The CUPTI metrics the profiler collects, as one table of traits: the metric name (exactly as
// the H200 accepted it: docs/h200.md, tests/profiling/h200_supported_metrics.txt), the signals it
// feeds, and whether it is in the default set or only in the opt-in full set.
//
// What a run collects follows its rule table (metrics_for_signals over the signals the rules and
// their hypotheses' evidence read: profiling/rule_metrics.h). The default set is the fallback
// when a caller names no signals: every metric except `sm__throughput.*`, which alone costs 8
// passes on the H200 (all 16 first names took 10 passes).
#pragma once
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace solver::profiling {

enum class MetricSet { Default, Full };
const char* to_string(MetricSet s);

struct MetricDef {
  std::string_view name;   // CUPTI / ncu metric name with its rollup
  std::string_view feeds;  // signals it feeds, space separated ("" = kept raw, for the record)
  bool in_default;         // false: only in the full set
  int passes_alone;        // replay passes alone on the H200 (docs/h200.md); 0 = not measured
  std::string_view note;
};

std::span<const MetricDef> metric_table();
const MetricDef* find_metric(std::string_view name);
// Metric names of a set, in table order (the full set is a superset of the default set).
std::vector<std::string> metric_names(MetricSet set);

// Names of the metrics the derivation reads (so the two cannot drift apart).
namespace metric {
inline constexpr std::string_view kTime = "gpu__time_duration.sum";
inline constexpr std::string_view kDramPct = "dram__throughput.avg.pct_of_peak_sustained_elapsed";
inline constexpr std::string_view kDramRead = "dram__bytes_read.sum";
inline constexpr std::string_view kDramWrite = "dram__bytes_write.sum";
inline constexpr std::string_view kSmThroughput =
    "sm__throughput.avg.pct_of_peak_sustained_elapsed";
inline constexpr std::string_view kWarpsActive =
    "sm__warps_active.avg.pct_of_peak_sustained_active";
inline constexpr std::string_view kTensorActive =
    "sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active";
inline constexpr std::string_view kTensorInst = "sm__inst_executed_pipe_tensor.sum";
inline constexpr std::string_view kTensorInstHmma = "sm__inst_executed_pipe_tensor_op_hmma.sum";
inline constexpr std::string_view kTensorInstGmma = "sm__inst_executed_pipe_tensor_op_gmma.sum";
inline constexpr std::string_view kFmaActive =
    "sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_active";
inline constexpr std::string_view kLoadEff =
    "smsp__sass_average_data_bytes_per_sector_mem_global_op_ld.pct";
inline constexpr std::string_view kStoreEff =
    "smsp__sass_average_data_bytes_per_sector_mem_global_op_st.pct";
inline constexpr std::string_view kLdSectors = "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum";
inline constexpr std::string_view kLdRequests = "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum";
inline constexpr std::string_view kL2Hit = "lts__t_sector_hit_rate.pct";
inline constexpr std::string_view kBankConflicts =
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum";
// The same count split by operation (profiling/bank_conflicts.h: the undivided one also counts
// the shared atomics' serialisation).
inline constexpr std::string_view kBankConflictsLd =
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum";
inline constexpr std::string_view kBankConflictsSt =
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum";
inline constexpr std::string_view kBankConflictsLdgsts =
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts.sum";
inline constexpr std::string_view kSharedLd = "smsp__inst_executed_op_shared_ld.sum";
inline constexpr std::string_view kSharedSt = "smsp__inst_executed_op_shared_st.sum";
inline constexpr std::string_view kInst = "smsp__inst_executed.sum";
inline constexpr std::string_view kSmClock = "sm__cycles_elapsed.avg.per_second";
inline constexpr std::string_view kLdgsts = "smsp__inst_executed_op_ldgsts.sum";
inline constexpr std::string_view kTmaInst = "sm__inst_executed_pipe_tma.sum";
inline constexpr std::string_view kIssueActive =
    "smsp__issue_active.avg.pct_of_peak_sustained_active";
// Per-pipe utilisation (ncu's "pipe utilization": instructions over the pipe's peak rate).
inline constexpr std::string_view kAluInst =
    "sm__inst_executed_pipe_alu.avg.pct_of_peak_sustained_active";
inline constexpr std::string_view kFp64Active =
    "sm__pipe_fp64_cycles_active.avg.pct_of_peak_sustained_active";
inline constexpr std::string_view kXuInst =
    "sm__inst_executed_pipe_xu.avg.pct_of_peak_sustained_active";
inline constexpr std::string_view kLsuInst =
    "sm__inst_executed_pipe_lsu.avg.pct_of_peak_sustained_active";
// Caches.
inline constexpr std::string_view kL1Hit = "l1tex__t_sector_hit_rate.pct";
inline constexpr std::string_view kL1Wavefronts =
    "l1tex__data_pipe_lsu_wavefronts.avg.pct_of_peak_sustained_elapsed";
inline constexpr std::string_view kL2Sectors = "lts__t_sectors.avg.pct_of_peak_sustained_elapsed";
// Local memory and atomics.
inline constexpr std::string_view kLocalLdInst = "smsp__inst_executed_op_local_ld.sum";
inline constexpr std::string_view kLocalStInst = "smsp__inst_executed_op_local_st.sum";
inline constexpr std::string_view kLocalLdSectors = "l1tex__t_sectors_pipe_lsu_mem_local_op_ld.sum";
inline constexpr std::string_view kLocalStSectors = "l1tex__t_sectors_pipe_lsu_mem_local_op_st.sum";
inline constexpr std::string_view kGlobalAtomInst = "smsp__sass_inst_executed_op_global_atom.sum";
inline constexpr std::string_view kGlobalRedInst = "smsp__sass_inst_executed_op_global_red.sum";
inline constexpr std::string_view kSharedAtomInst = "smsp__sass_inst_executed_op_shared_atom.sum";
inline constexpr std::string_view kL2AtomRequests = "lts__t_requests_aperture_device_op_atom.sum";
inline constexpr std::string_view kL2RedRequests = "lts__t_requests_aperture_device_op_red.sum";
// Divergence and SM activity.
inline constexpr std::string_view kThreadInst = "smsp__thread_inst_executed.sum";
inline constexpr std::string_view kSmActive = "sm__cycles_active.avg.pct_of_peak_sustained_elapsed";
// Warp states: warp-cycles per stall reason, over active warp-cycles.
inline constexpr std::string_view kWarpsActiveSum = "smsp__warps_active.sum";
inline constexpr std::string_view kStallLongSb = "smsp__warps_issue_stalled_long_scoreboard.sum";
inline constexpr std::string_view kStallShortSb = "smsp__warps_issue_stalled_short_scoreboard.sum";
inline constexpr std::string_view kStallMio = "smsp__warps_issue_stalled_mio_throttle.sum";
inline constexpr std::string_view kStallBarrier = "smsp__warps_issue_stalled_barrier.sum";
inline constexpr std::string_view kStallMembar = "smsp__warps_issue_stalled_membar.sum";
inline constexpr std::string_view kStallLg = "smsp__warps_issue_stalled_lg_throttle.sum";
inline constexpr std::string_view kStallMath = "smsp__warps_issue_stalled_math_pipe_throttle.sum";
inline constexpr std::string_view kStallWait = "smsp__warps_issue_stalled_wait.sum";
inline constexpr std::string_view kStallNotSelected = "smsp__warps_issue_stalled_not_selected.sum";
inline constexpr std::string_view kStallBranch = "smsp__warps_issue_stalled_branch_resolving.sum";
inline constexpr std::string_view kStallDispatch = "smsp__warps_issue_stalled_dispatch_stall.sum";
inline constexpr std::string_view kStallDrain = "smsp__warps_issue_stalled_drain.sum";
inline constexpr std::string_view kStallImcMiss = "smsp__warps_issue_stalled_imc_miss.sum";
inline constexpr std::string_view kStallNoInst = "smsp__warps_issue_stalled_no_instruction.sum";
inline constexpr std::string_view kStallSelected = "smsp__warps_issue_stalled_selected.sum";
inline constexpr std::string_view kStallSleeping = "smsp__warps_issue_stalled_sleeping.sum";
inline constexpr std::string_view kStallTex = "smsp__warps_issue_stalled_tex_throttle.sum";
inline constexpr std::string_view kStallGmma = "smsp__warps_issue_stalled_gmma.sum";
inline constexpr std::string_view kStallMisc = "smsp__warps_issue_stalled_misc.sum";
// The uniform datapath and the constant cache (IDC).
inline constexpr std::string_view kUniformInst =
    "sm__inst_executed_pipe_uniform.avg.pct_of_peak_sustained_active";
inline constexpr std::string_view kIdcRequests = "idc__requests.sum";
inline constexpr std::string_view kIdcMisses = "idc__requests_lookup_miss.sum";
inline constexpr std::string_view kIdcReplays = "sm__idc_divergent_instruction_replays.sum";
// Thread-level FP32 / FP64 arithmetic instructions (SASS-patched counters). Not in the live
// table: the live path has the problem's FLOP formula. An ncu export without its problem
// counts FLOPs from them (profiling/ncu_csv.h, export sources).
inline constexpr std::string_view kFfma = "smsp__sass_thread_inst_executed_op_ffma_pred_on.sum";
inline constexpr std::string_view kFadd = "smsp__sass_thread_inst_executed_op_fadd_pred_on.sum";
inline constexpr std::string_view kFmul = "smsp__sass_thread_inst_executed_op_fmul_pred_on.sum";
inline constexpr std::string_view kDfma = "smsp__sass_thread_inst_executed_op_dfma_pred_on.sum";
inline constexpr std::string_view kDadd = "smsp__sass_thread_inst_executed_op_dadd_pred_on.sum";
inline constexpr std::string_view kDmul = "smsp__sass_thread_inst_executed_op_dmul_pred_on.sum";
}  // namespace metric

// The metrics a set of signals needs: every metric whose `feeds` names one of them, plus
// gpu__time_duration.sum (the profiler always collects it: it weights the per-kernel means).
// In metric-table order, no duplicates. Signals no metric feeds (driver, code, problem, timing
// signals) need nothing.
std::vector<std::string> metrics_for_signals(const std::vector<std::string>& signals);
// The signals some metric of the table feeds: the ones a metric list can or cannot collect.
bool signal_needs_metrics(std::string_view signal);
// Whether `metrics` holds everything `signal` needs (false for a signal no metric feeds).
bool collectable_with(std::string_view signal, const std::vector<std::string>& metrics);

}  // namespace solver::profiling
