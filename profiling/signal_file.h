// Signal files: the JSON form of one kernel's measured signals, with the raw metric values and
// the derivation inputs they came from, so a reader (or `solver signals derive`) can recompute
// them. Format, version 1:
//   {"version": 1, "kernel": "...", "source": "where and when it was measured",
//    "chip": "h200",                                       (optional: chips.yaml id)
//    "problem": {"name": ..., "flops": F, "bytes": B, "note": ...},        (optional)
//    "inputs": {"time_us": T, "dtype": "fp32", "kernel_count": 1, "weight": 1,
//               "launch_gap_frac": G, "code": {"tensor_ops": N, "wgmma_ops": N, "gemm_loop": B,
//                                              "load_chain": N,
//                                              "code_contiguous_access_frac": F,
//                                              "code_strided_access_frac": F,
//                                              "code_store_fill_frac": F,
//                                              "code_index_load_frac": F,
//                                              "code_guard_lanes": N},
//               "launch": {...LaunchAttributes...}, "ceilings": {...Ceilings...}}, (optional)
//    "raw_metrics": {"metric.name": value, ...},
//    "signals": {"signal_name": value | null, ...},
//    "signal_origin": {"signal_name": "unprofiled", ...}, "notes": ["..."]}    (optional)
// Loading checks every key and type and reports all problems located at file:line:column.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "profiling/signal_derivation.h"
#include "rules/signals.h"

namespace solver::profiling {

struct SignalFile {
  int version = 1;
  std::string kernel;
  std::string source;
  std::optional<std::string> chip;
  std::string problem_name;
  std::string problem_note;
  std::optional<double> flops;
  std::optional<double> bytes;
  // Derivation inputs besides the raw metrics.
  std::optional<double> time_us;
  std::optional<std::string> dtype;
  std::optional<double> kernel_count;
  std::optional<double> launch_count;
  std::optional<double> weight;
  std::optional<double> launch_gap_frac;
  // The static scan of the kernel's code (generators/ptx_scan.h), when it was made.
  std::optional<int> code_tensor_ops;
  std::optional<int> code_wgmma_ops;
  std::optional<bool> code_gemm_loop;
  std::optional<int> code_load_chain;
  std::optional<double> code_contiguous_access_frac;
  std::optional<double> code_strided_access_frac;
  std::optional<double> code_store_fill_frac;
  std::optional<double> code_index_load_frac;
  std::optional<int> code_guard_lanes;
  LaunchAttributes launch;
  Ceilings ceilings;
  std::map<std::string, double> raw_metrics;
  rules::SignalSet signals;
  std::map<std::string, std::string> signal_origin;
  std::vector<std::string> notes;
  std::string path;  // where it was loaded from
};

// Throws rules::InputError with every located problem.
SignalFile load_signal_file(const std::string& path);
SignalFile parse_signal_file(const std::string& text, const std::string& file_label);
std::string dump_signal_file(const SignalFile& f);  // canonical JSON, 2-space indent

// The derivation inputs the file records, for `chip` (may be null).
DerivationInput derivation_input(const SignalFile& f, const rules::ChipProfile* chip);
// Replaces the file's signals, origins and notes with a derivation's.
void store_derivation(SignalFile& f, const Derivation& d);
// Replaces only the named signals (and their origins) with the derivation's, missing where the
// derivation left one out, and adds the derivation's defects that name one of them to the
// notes (once). For a file whose other signals came from inputs it does not record (launch
// attributes, code facts added later): a change to one signal's derivation reaches it without
// touching the rest. Returns the names whose stored value changed.
std::vector<std::string> store_derived_signals(SignalFile& f, const Derivation& d,
                                               const std::vector<std::string>& names);

// 1-based line and column of a byte offset in `text` (for JSON parser errors).
std::pair<int, int> line_column(const std::string& text, std::size_t offset);

}  // namespace solver::profiling
