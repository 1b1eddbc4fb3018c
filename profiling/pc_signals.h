// PC sampling's signals (issue 31): how concentrated the dominant launch's samples are, overall
// and per stall reason, so a rule can require that its stall sits at one line (a load, a
// barrier) rather than spread over the kernel. docs/signals.md lists them.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "profiling/pc_lines.h"
#include "rules/signals.h"

namespace solver::profiling {

// A stall reason gets its `stall_<reason>_top_line_share` only with at least this share of the
// kernel's samples and kMinReasonSamples samples: a share of a handful of samples is noise.
inline constexpr double kMinReasonShare = 0.01;
inline constexpr uint64_t kMinReasonSamples = 20;

// The stall reason with most samples, "selected" (issued, not a stall) excluded; "" when none.
std::string top_stall_reason(const PcSampling& s);

// Adds pc_samples, pc_top_line_share, pc_top_stall_line_share and the per-reason
// stall_<reason>_top_line_share signals the vocabulary has to `out` (origin "pc-sampling" in
// `origin` when given). Nothing when `s` is not ok or has no samples.
void add_pc_signals(const PcSampling& s, rules::SignalSet& out,
                    std::map<std::string, std::string>* origin = nullptr);

// The stall reason a verdict's evidence is about: the first evidence signal naming one
// (stall_long_scoreboard, stall_barrier_top_line_share...) that has samples, else the kernel's
// top stall reason; "" without samples.
std::string evidence_reason(const PcSampling& s, const std::vector<std::string>& evidence);
// The verdict's citation of its evidence line ("62% of long_scoreboard samples at k.cu:41:
// `x[col[j]]`"), "" without samples: the text cite_line gives for evidence_reason.
std::string cite_evidence(const PcSampling& s, const std::vector<std::string>& evidence);

}  // namespace solver::profiling
