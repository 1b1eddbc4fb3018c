// One classification, printed for a reader or as JSON: which rule fired and why (its rationale
// and the signal values that made its condition true, each with where the value came from),
// which rules the chip's guard blocked (and the capability it lacks), which were outranked.
#pragma once
#include <iosfwd>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "profiling/pc_lines.h"
#include "rules/chips.h"
#include "rules/matcher.h"

namespace solver::cli {

struct VerdictInput {
  std::string kernel;
  std::string source;  // the file it came from
  const rules::ChipProfile* chip = nullptr;
  const rules::MatchResult* match = nullptr;
  const rules::SignalSet* signals = nullptr;
  std::map<std::string, std::string> origin;  // signal -> unprofiled / profiled / ...
  std::vector<std::string> notes;             // from the derivation
  std::vector<std::string> defects;           // derived values outside their range (dropped)
  std::string gate{};  // the correctness gate's outcome ("" when not gated: a file)
  bool gate_passed = true;
  // The profile's PC sampling (stall reasons per source line), where it has one.
  const profiling::PcSampling* pc = nullptr;
};

nlohmann::json verdict_json(const VerdictInput& v);
void print_verdict(std::ostream& out, const VerdictInput& v);

// "use_tensor_cores_tf32 (tf32_for_fp32_gemm)" or "nothing fired".
std::string fired_label(const rules::MatchResult& m);
// "tf32_for_fp32_gemm (needs tf32)".
std::string blocked_label(const rules::BlockedRule& b);

}  // namespace solver::cli
