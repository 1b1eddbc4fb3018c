// Module variables as buffers every launch binds (issue 28, red team 13). The data-flow scans of
// generators/ptx_int_provenance.h follow a value from launch to launch through the buffers the
// launches bind (FloatParams::buffers); a `.global` or `.const` variable of the module
// (generators/ptx_module_memory.h module_variables) is memory every launch of a run can store to
// and load from as well, so a narrowing or an FP32 computation relayed through a `__device__`
// array reached the next launch clean (redteam13_f64_module_relay, redteam13_int8_module_relay).
#pragma once
#include <string_view>
#include <vector>

#include "generators/ptx_entries.h"
#include "generators/ptx_int_provenance.h"

namespace solver::generators {

// Every .entry of `clean` (comments stripped), each with the module's variables appended to its
// parameter names. Where `params` is given, each entry it binds has its bindings padded to its
// parameter count and one more per variable: variable k is pseudo-buffer -1 - k, shared by every
// entry, so a taint one launch stores there is a taint every launch reads.
std::vector<PtxEntry> entries_with_module_variables(std::string_view clean, FloatParams* params);

}  // namespace solver::generators
