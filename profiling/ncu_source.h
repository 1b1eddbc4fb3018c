// Import of Nsight Compute's source-level counters (issue 31): the Source page of a report with
// the SourceCounters section, exported in its CUDA view,
//   ncu --import REPORT --csv --page source --print-source cuda
// read into the per-line structure of PC sampling (profiling/pc_lines.h), so `classify --ncu-csv`
// cites lines as a live profile does.
//
// The format this reads, from ncu's documentation and exports published by its users (NOT yet
// checked against an export of ours: docs/pc_sampling.md):
// - rows before the table may name the file and the kernel: "File Path","/src/kernel.cu" (or
//   "File"), "Kernel Name","gather" (or "Function Name");
// - the table's header has "#" (or "Line": the source line number), "Source" (its text), and
//   the sampling columns: "Warp Stall Sampling (All Samples)" and, per stall reason,
//   "stall_<reason>" (ncu's short labels: long_sb, short_sb, lg, mio, math, tex, no_inst, imc,
//   branch, dispatch, sleep, barrier, membar, drain, wait, selected, not_selected, misc, gmma),
//   with "(Not Issued)" variants that are a subset and are not added again;
// - numbers may carry thousands separators; "", "-" and "n/a" are 0;
// - several tables (one per file) may follow each other, each after its own header.
// A SASS-view export (an "Address" column, no line number) is refused with the command to use.
#pragma once
#include <string>

#include "profiling/pc_lines.h"

namespace solver::profiling {

// ncu's source-view stall label ("long_sb") -> the name PC sampling uses ("long_scoreboard");
// an unknown label is kept as it is.
std::string ncu_stall_name(const std::string& label);

// The export's per-line samples: ok, kernel, total_samples, stall_totals and the kMaxLines
// hottest lines (file without directory; "source" where the export names none). Throws
// rules::InputError with every problem located at file:line:column (a missing sampling column,
// a line number or count that is not a number, a short row, the SASS view).
PcSampling parse_ncu_source_csv(const std::string& text, const std::string& file_label);
PcSampling load_ncu_source_csv(const std::string& path);

}  // namespace solver::profiling
