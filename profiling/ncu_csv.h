// Import of Nsight Compute exports made with `ncu --csv --page raw`: a header row ("ID",
// "Process ID", "Process Name", "Host Name", "Kernel Name", "Context", "Stream", "Block Size",
// "Grid Size", "Device", "CC", then one column per metric), a units row, then one row per
// profiled kernel launch. Values may be quoted and carry thousands separators; units are
// auto-scaled by ncu (usecond, Mbyte, ...) and normalised here to the base units CUPTI reports
// (nanoseconds, bytes, per second).
//
// An export has no unprofiled time and no problem formulas, so its rates (dram_frac, time_us)
// come from the profiled run and are marked so: see DerivationInput::allow_profiled_fallback.
#pragma once
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "profiling/signal_derivation.h"
#include "rules/chips.h"

namespace solver::profiling {

struct NcuKernel {
  std::string id;          // the "ID" column (launch index in the profiled process)
  std::string name;        // "Kernel Name"
  std::string device;      // device__attribute_display_name when exported, else "Device" (an index)
  std::string cc;          // "CC"
  std::string block_size;  // "(256, 1, 1)"
  std::string grid_size;
  int line = 0;                             // line of the row in the file
  std::map<std::string, double> raw;        // metric -> value in base units
  std::map<std::string, std::string> text;  // metrics whose value is not a number
  LaunchAttributes launch;                  // from Block/Grid Size and launch__* metrics
};

struct NcuExport {
  std::string file;
  std::vector<NcuKernel> kernels;
};

// Throws rules::InputError with file:line:column for every malformed row or value.
NcuExport parse_ncu_csv(const std::string& text, const std::string& file_label);
NcuExport load_ncu_csv(const std::string& path);

// Signals of one launch (row) of an export (weight = its share of all launches' profiled time).
Derivation derive_ncu_signals(const NcuExport& ex, std::size_t index,
                              const rules::ChipProfile* chip);

// The launches of one kernel (same "Kernel Name" and device) merged: a real export holds
// every launch of every kernel of a program, and a verdict is about a kernel, not one launch.
// Counters (.sum / .avg / .max / .min rollups) add over launches (.max / .min: the extreme);
// ratios, percentages and rates are means weighted by each launch's gpu__time_duration.sum;
// the launch attributes are the longest launch's.
struct NcuKernelGroup {
  std::string name;
  std::string device;
  std::vector<std::size_t> rows;  // indices into NcuExport::kernels, in file order
  int line = 0;                   // line of its first row
  std::map<std::string, double> raw;
  LaunchAttributes launch;
};
std::vector<NcuKernelGroup> group_ncu_kernels(const NcuExport& ex);

// Rows of an export merged into one group as group_ncu_kernels merges a kernel's launches
// (rows of different kernels too: every launch of one run of a problem, as a live profile
// sums them). `name` names the group.
NcuKernelGroup merge_ncu_rows(const NcuExport& ex, const std::vector<std::size_t>& rows,
                              const std::string& name);

// What an export cannot say about a kernel but its problem folder can: the FLOP and byte
// formulas and launches of one run, the precision, and a static scan of the variant's PTX
// compiled for the chip (NVRTC, no GPU). engine/eval/ncu_problem.h fills it; every field may be
// unknown (the signals it gives then stay missing, or come from counters where they can).
struct NcuProblemFacts {
  std::optional<double> flops, bytes;                // one run of the variant
  std::optional<double> kernel_count, launch_count;  // distinct entries, launches per run
  std::optional<std::string> dtype;
  std::optional<int> code_tensor_ops, code_wgmma_ops;
  std::optional<bool> code_gemm_loop;
  std::optional<int> code_load_chain;
  std::optional<double> code_contiguous_access_frac, code_strided_access_frac;
  std::optional<double> code_store_fill_frac;
  std::optional<double> code_index_load_frac;
  std::optional<int> code_guard_lanes;
  std::optional<double> local_bytes_per_thread;  // ptxas stack frame of the heaviest entry
};

// Signals of one kernel group: weight = the group's profiled time over the whole export's,
// launch_count = its launches (the problem's, when `facts` gives them), kernel_count 1.
// `time_us` is the kernel's UNPROFILED time per run of the program (all its launches) when the
// user measured it (--time-us); without it, time_us is ncu's profiled duration of the
// exported launches, marked profiled-run and said in a note. When the export holds R of a
// run's L launches, the problem's formulas are scaled by R / L to the rows' time. The
// launch-gap fraction, which ncu cannot measure (it serialises launches), is estimated from
// the chip's measured idle time per dependent launch (chips.yaml launch_gap_us), marked
// estimate.
Derivation derive_ncu_kernel(const NcuExport& ex, const std::vector<NcuKernelGroup>& groups,
                             std::size_t group, const rules::ChipProfile* chip,
                             std::optional<double> time_us, const NcuProblemFacts* facts = nullptr);

// How an export gives a signal the live path takes from elsewhere (the unprofiled run, the
// problem, the driver, the code). kind: "counters" (from `metrics`, over the profiled run),
// "launch" (ncu's launch statistics: `metrics` are launch__*), "rows" (the export's rows
// themselves), "problem" (needs the problem folder: no export holds it).
struct ExportSource {
  std::string_view signal;
  std::string_view kind;
  std::string_view metrics;  // space separated
  std::string_view how;
};
std::span<const ExportSource> export_sources();
// Every metric an export needs for `signal`: the metrics that feed it (metric_set.h) and
// those of its export source. Empty for a signal only the problem can give.
std::vector<std::string> ncu_metrics_needed(std::string_view signal);
// True for a signal no export metric can give (code facts): eval and classify --problem
// supply it from the problem folder; a bare export reports it missing.
bool ncu_needs_problem(std::string_view signal);

// The `ncu --metrics` list that collects everything `signals` need in an export: what
// ncu_metrics_needed gives for each, plus the launch__* attributes and the device name.
std::vector<std::string> ncu_metrics_for(const std::vector<std::string>& signals);

// "scale_vec4(float4 const*, ...)" or "void scale_vec4<...>(...)" -> "scale_vec4": the name
// a problem's launch `entry:` gives.
std::string kernel_base_name(std::string demangled);

// Scale factor from an ncu unit to the base unit (nsecond for time, byte, 1/second for rates);
// nullopt for a unit this reader does not know.
std::optional<double> ncu_unit_scale(const std::string& unit);

}  // namespace solver::profiling
