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

// Signals of one kernel of an export (weight = its share of all kernels' profiled time).
Derivation derive_ncu_signals(const NcuExport& ex, std::size_t index, const rules::ChipProfile* chip);

// Scale factor from an ncu unit to the base unit (nsecond for time, byte, 1/second for rates);
// nullopt for a unit this reader does not know.
std::optional<double> ncu_unit_scale(const std::string& unit);

}  // namespace solver::profiling
