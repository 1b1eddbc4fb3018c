// The root-cause step of PC sampling (issue 31, after LEO's idea, at this project's scale): for
// the most-sampled stalled instructions of a kernel, the instruction that produced the register
// they wait on, found in the SASS of the line-info cubin (the toolkit's nvdisasm) by walking back
// within the basic block (profiling/sass_deps.h). Heuristic: docs/pc_sampling.md says where.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "profiling/pc_lines.h"
#include "profiling/pc_module_cache.h"
#include "profiling/sass_inline.h"

namespace solver::gpu {

// The SASS of every function of `cubin` (the toolkit's cuobjdump -sass, which runs nvdisasm; a
// fixed ~0.3 s of process start-up whatever the kernel's size, measured on the build host), or
// nullopt with `note` saying why (SOLVER_NO_SASS_CAUSES=1, no cuobjdump, no output).
std::optional<std::string> disassemble_cubin(const std::string& cubin, std::string* note);

// The inline chains of `cubin`'s PCs (`nvdisasm -gi -c`, the nvdisasm beside cuobjdump; one more
// process start-up, on the preparation's thread), empty with `note` saying why where there is
// no nvdisasm or no output (profiling/sass_inline.h).
profiling::InlineChains inline_chains_of(const std::string& cubin, std::string* note);

// At most kMaxCauses causes, most samples first, from `m`'s disassembly of `function` (empty,
// with `note` saying why, where `m` has none).
inline constexpr size_t kMaxCauses = 5;
std::vector<profiling::StallCause> stall_producers(profiling::PcModule& m,
                                                   const std::string& function,
                                                   const std::vector<profiling::PcRecord>& pcs,
                                                   const profiling::Locate& locate,
                                                   std::string* note);

}  // namespace solver::gpu
