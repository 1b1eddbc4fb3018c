// The CUPTI metrics the profiler collects, as one table of traits: the metric name (exactly as
// the H200 accepted it: docs/h200.md, tests/profiling/h200_supported_metrics.txt), the signals it feeds,
// and whether it is in the default set or only in the opt-in full set.
//
// The default set is chosen for few replay passes: everything the signals need except
// `sm__throughput.*`, which alone costs 8 passes on the H200 (all 16 names took 10 passes).
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
inline constexpr std::string_view kSmThroughput = "sm__throughput.avg.pct_of_peak_sustained_elapsed";
inline constexpr std::string_view kWarpsActive = "sm__warps_active.avg.pct_of_peak_sustained_active";
inline constexpr std::string_view kTensorActive =
    "sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active";
inline constexpr std::string_view kTensorInst = "sm__inst_executed_pipe_tensor.sum";
inline constexpr std::string_view kTensorInstHmma = "sm__inst_executed_pipe_tensor_op_hmma.sum";
inline constexpr std::string_view kTensorInstGmma = "sm__inst_executed_pipe_tensor_op_gmma.sum";
inline constexpr std::string_view kFmaActive = "sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_active";
inline constexpr std::string_view kLoadEff = "smsp__sass_average_data_bytes_per_sector_mem_global_op_ld.pct";
inline constexpr std::string_view kLdSectors = "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum";
inline constexpr std::string_view kLdRequests = "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum";
inline constexpr std::string_view kL2Hit = "lts__t_sector_hit_rate.pct";
inline constexpr std::string_view kBankConflicts = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum";
inline constexpr std::string_view kSharedLd = "smsp__inst_executed_op_shared_ld.sum";
inline constexpr std::string_view kSharedSt = "smsp__inst_executed_op_shared_st.sum";
inline constexpr std::string_view kInst = "smsp__inst_executed.sum";
inline constexpr std::string_view kSmClock = "sm__cycles_elapsed.avg.per_second";
inline constexpr std::string_view kLdgsts = "smsp__inst_executed_op_ldgsts.sum";
inline constexpr std::string_view kTmaInst = "sm__inst_executed_pipe_tma.sum";
inline constexpr std::string_view kIssueActive = "smsp__issue_active.avg.pct_of_peak_sustained_active";
}  // namespace metric

}  // namespace solver::profiling
