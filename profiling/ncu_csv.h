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
#include <string>
#include <vector>

#include "profiling/signal_derivation.h"
#include "rules/chips.h"

namespace solver::profiling {

struct NcuKernel {
  std::string id;           // the "ID" column (launch index in the profiled process)
  std::string name;         // "Kernel Name"
  std::string device;       // device__attribute_display_name when exported, else "Device" (an index)
  std::string cc;           // "CC"
  std::string block_size;   // "(256, 1, 1)"
  std::string grid_size;
  int line = 0;             // line of the row in the file
  std::map<std::string, double> raw;         // metric -> value in base units
  std::map<std::string, std::string> text;   // metrics whose value is not a number
  LaunchAttributes launch;  // from Block/Grid Size and launch__* metrics
};

struct NcuExport {
  std::string file;
  std::vector<NcuKernel> kernels;
};

// Throws rules::InputError with file:line:column for every malformed row or value.
NcuExport parse_ncu_csv(const std::string& text, const std::string& file_label);
NcuExport load_ncu_csv(const std::string& path);

// Signals of one launch (row) of an export (weight = its share of all launches' profiled time).
Derivation derive_ncu_signals(const NcuExport& ex, std::size_t index, const rules::ChipProfile* chip);

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

// Signals of one kernel group: weight = the group's profiled time over the whole export's,
// launch_count = its launches, kernel_count 1. `time_us` is the kernel's UNPROFILED time per
// run of the program (all its launches) when the user measured it (--time-us); without it,
// time_us is missing and rates are taken over the profiled time, marked profiled-run.
Derivation derive_ncu_kernel(const NcuExport& ex, const std::vector<NcuKernelGroup>& groups,
                             std::size_t group, const rules::ChipProfile* chip,
                             std::optional<double> time_us);

// The `ncu --metrics` list that collects everything `signals` need: their CUPTI metrics plus
// the launch__* attributes the driver signals come from in an export.
std::vector<std::string> ncu_metrics_for(const std::vector<std::string>& signals);

// Scale factor from an ncu unit to the base unit (nsecond for time, byte, 1/second for rates);
// nullopt for a unit this reader does not know.
std::optional<double> ncu_unit_scale(const std::string& unit);

}  // namespace solver::profiling
