// Re-locating a recorded PC-sampling result in a new line table (issue 33's recording rekey): the
// same code compiled from moved source text puts each instruction at the same offset, so every
// kept line's most-sampled PC, and every cause's producer PC, is looked up again in the new
// line-info cubin's line table (`nvdisasm -gi -c` text, profiling/sass_inline.h) and charged as
// the recording charged it: where its lines carry a `via` (the worker had inline chains,
// engine/backend/gpu/pc_sampling_op.cpp), to the innermost frame in the variant's own source
// file with the header's place as `via`; where none does (recorded without nvdisasm: CUPTI's
// line table alone), to the innermost frame, as then.
// Lines that land on one place merge (samples and stalls add up; the more-sampled PC stays);
// lines without a place (file "", no line info for the PC) are left one a PC, as recorded.
// Approximate only where one old line's PCs spread over several new lines: the line keeps the
// place of its most-sampled PC.
#pragma once
#include <functional>
#include <string>

#include "profiling/pc_lines.h"
#include "profiling/sass_inline.h"

namespace solver::engine {

// Rewrites `pc`'s lines and causes in place; "" on success, else why not (a sampled PC the new
// table does not hold), in which case `pc` is left as it was. `own_file` is the file name (no
// folder) of the variant's source; `text(file, line)` gives a line's trimmed text. Whether
// inlined code goes to its call site is read from `pc` itself (a line with a `via`).
std::string remap_pc_lines(profiling::PcSampling& pc, const profiling::InlineChains& frames,
                           const std::string& own_file,
                           const std::function<std::string(const std::string&, int)>& text);

}  // namespace solver::engine
