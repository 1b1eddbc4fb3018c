// Stall reasons per source line (issue 31): what CUPTI's PC sampling of the dominant launch
// says, aggregated from sampled PCs to source lines. Host-only types and arithmetic; the
// collection itself (CUPTI, the line-info cubin) is the worker's (engine/backend/gpu/
// pc_sampling_op.cpp, profiling/cupti_pc_sampler.h). docs/pc_sampling.md says what is collected,
// what it costs and what is heuristic.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace solver::profiling {

// One sampled PC of the dominant kernel: samples per stall reason (short names, see
// stall_reason_name), as cuptiPCSamplingGetData reports them.
struct PcRecord {
  std::string function;
  uint64_t pc_offset = 0;
  std::map<std::string, uint64_t> stalls;
  uint64_t cubin_crc = 0;       // CUPTI's CRC of the cubin the PC is in (0: not known)
  uint32_t function_index = 0;  // the function's index in that cubin
};

// A PC's place in the source, from the cubin's line table ("" / 0: the PC has none).
struct LineRef {
  std::string file;
  int line = 0;
  // Where the line table put the PC when it was charged to this call site instead (inlined
  // code of a header, "mma.h:101"; profiling/sass_inline.h); "" otherwise.
  std::string via;
};

// The samples of one source line (every PC the line table maps to it).
struct LineSamples {
  std::string file;  // as the line table names it, without directory ("" when the PC has no line)
  int line = 0;
  std::string function;
  uint64_t pc_offset = 0;  // the line's most-sampled PC
  std::string text;        // the source line, trimmed ("" when unreadable)
  std::string via;         // the most-sampled PC's inlined place ("mma.h:101"), "" if none
  uint64_t samples = 0;
  std::map<std::string, uint64_t> stalls;  // reason -> samples
  // The reason with most samples ("" without samples); ties go to the name first in order.
  std::string top_stall() const;
  std::string where() const;  // "kernel.cu:41", or "<function>+0x1f0" without a line
};

// A stalled instruction and the instruction whose result it waits on (heuristic: the last
// writer of the register it reads, within its basic block; docs/pc_sampling.md).
struct StallCause {
  uint64_t pc_offset = 0;  // the stalled instruction
  std::string instruction;
  std::string reason;  // its top stall reason
  uint64_t samples = 0;
  uint64_t producer_pc = 0;  // the producer ("" instruction: none found in the block)
  std::string producer;
  std::string producer_where;  // "kernel.cu:40" where the line table has it
};

struct PcSampling {
  bool ok = false;
  std::string detail;                            // why nothing was collected (ok false), or notes
  std::string kernel;                            // the dominant launch's entry
  uint64_t total_samples = 0;                    // of `kernel`, all reasons
  uint64_t dropped_samples = 0;                  // the hardware buffer overflowed
  std::map<std::string, uint64_t> stall_totals;  // reason -> samples over the kernel
  int period_log2 = 0;                           // the sampling period, 2^N cycles
  double ms = 0;                   // wall time of the pass (compile, load, run, read, map)
  std::vector<LineSamples> lines;  // most samples first, at most kMaxLines
  std::vector<StallCause> causes;  // optional root-cause step, most samples first
};

inline constexpr size_t kMaxLines = 16;

// "smsp__pcsamp_warps_issue_stalled_long_scoreboard_not_issued" -> "long_scoreboard": the
// prefix goes, and a not-issued sample counts with its reason (ncu's "all samples").
std::string stall_reason_name(std::string_view cupti_name);

using Locate = std::function<LineRef(const std::string& function, uint64_t pc_offset)>;
using LineText = std::function<std::string(const std::string& file, int line)>;
// Per-line aggregation of `pcs`, most samples first (ties: file, then line), the first `keep`.
std::vector<LineSamples> aggregate_lines(const std::vector<PcRecord>& pcs, const Locate& locate,
                                         const LineText& text, size_t keep = kMaxLines);

// Line `line` (1-based) of `source`, trimmed, at most 120 characters; "" when out of range.
std::string line_text(const std::string& source, int line);

// The sampling period (2^N cycles, N in [5, 31]) that gives about `target` samples over one
// run of `time_us` on `sm_count` SMs at `clock_mhz` (one sample per SM per period).
int sampling_period_log2(double time_us, double clock_mhz, int sm_count, double target = 50000);

// Share of `reason`'s samples on the line that holds most of them, with that line (nullptr
// when `reason` has no samples in `s.lines`). Share of the kernel's samples, not the list's.
struct ReasonTop {
  const LineSamples* line = nullptr;
  double share = 0;
  uint64_t reason_samples = 0;
};
ReasonTop reason_top_line(const PcSampling& s, const std::string& reason);

// "62% of long_scoreboard samples at kernel.cu:41: `x[col[j]]`" ("" when `reason` has no
// sampled line). With reason "", the hottest line: "40% of samples at kernel.cu:41: `...`
// (long_scoreboard 80%)".
std::string cite_line(const PcSampling& s, const std::string& reason);

}  // namespace solver::profiling
