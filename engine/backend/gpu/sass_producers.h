// The root-cause step of PC sampling (issue 31, after LEO's idea, at this project's scale): for
// the most-sampled stalled instructions of a kernel, the instruction that produced the register
// they wait on, found in the SASS of the line-info cubin (the toolkit's nvdisasm) by walking back
// within the basic block (profiling/sass_deps.h). Heuristic: docs/pc_sampling.md says where.
#pragma once
#include <string>
#include <vector>

#include "profiling/pc_lines.h"

namespace solver::gpu {

// At most kMaxCauses causes, most samples first; empty with `note` saying why where the
// disassembler is missing or fails.
inline constexpr size_t kMaxCauses = 5;
std::vector<profiling::StallCause> stall_producers(const std::string& cubin,
                                                   const std::string& function,
                                                   const std::vector<profiling::PcRecord>& pcs,
                                                   const profiling::Locate& locate,
                                                   std::string* note);

}  // namespace solver::gpu
