// Inlined call sites of a line-info cubin (issue 31): which line of the kernel's own source a
// PC of inlined code was called from. CUPTI's line table (cuptiGetSassToSourceCorrelation) gives
// the innermost place only, so an instruction of an inlined library function (wmma's mma.h, a
// header of the problem) is charged to the library's line, a line the user cannot change and
// Nsight Compute's source view does not show: ncu charges inlined code to the call site. The
// toolkit's `nvdisasm -gi` prints each instruction's inline chain; this file reads that text.
// Host-only (the text is handed in), so it is tested without the toolkit or a GPU.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "profiling/pc_lines.h"

namespace solver::profiling {

// function -> PC offset -> the instruction's frames, innermost first (the place the line table
// names), each next one the call site of the one before, the last in the function's own body.
// Only PCs with more than one frame (inlined code) are kept.
using InlineChains = std::map<std::string, std::map<uint64_t, std::vector<LineRef>>>;

// The chains of `nvdisasm -gi -c` output: per function section (`.text.<name>:`), the
// `//## File "F", line N [inlined at "G", line M]` comments above an instruction (`/*0a30*/`)
// give its frames; an instruction without comments above it has its predecessor's.
InlineChains parse_inline_chains(std::string_view nvdisasm_text);
// The same reading with every PC that has a line kept, one frame or more: the whole line table
// of a line-info cubin (its innermost frame is the place CUPTI's correlation names), for
// re-locating recorded PCs offline (engine/eval/pc_line_remap.h).
InlineChains parse_pc_frames(std::string_view nvdisasm_text);

// A Locate that charges inlined code to the innermost frame in the kernel's own source
// (`is_own(file)`), with `via` naming the place `read` gave ("mma.h:101"); PCs with no chain,
// or none of whose frames is own, keep `read`'s answer.
Locate own_frame_locate(Locate read, const InlineChains& chains,
                        std::function<bool(const std::string& file)> is_own);

}  // namespace solver::profiling
