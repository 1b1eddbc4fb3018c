// The scans' view of an entry with its calls inlined (issue 28, red team 24: a `__noinline__`
// device function is a PTX `.func`, whose body no per-entry scan read, and whose results came
// back through `ld.param` of the call's `retval0` with no origin: `redteam24_callee_int8_gemm`,
// `redteam24_callee_narrow_stage`).
//
// Each `call` of a `.func` defined in the module is replaced by a copy of the callee's body with
// its registers and labels renamed apart, and the parameter memory of the call made registers:
// the caller's `st.param [param<i>+off], x` becomes a move into the slot register of argument i
// at that offset, the callee's `ld.param y, [f_param_i+off]` a move out of it, and the same for
// the return values (`func_retval<j>` / the call's `retval<j>`), vector forms element by element.
// A statement the scans read is then the statement the hardware runs, with the data flow between
// caller and callee as registers carry it; moves keep the store's and the load's own types, so a
// float passed as `.f32` stays a float and an integer's bits read as a float in the callee are
// read so. `ret` in a copy is dropped (the scans are flow-insensitive).
//
// Bounds: a recursive call (to a function being inlined) and, once an entry's inlined text passes
// kInlineBudget characters, every further call of a function already inlined, reuse that
// function's first copy (its argument and return slots): the data flow of all its calls united,
// as a context-insensitive summary, so the view stays linear in the module's size and no call's
// flow is lost. A call whose callee is not defined in the module (an indirect call through a
// register, an `.extern` function) is left as it is.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace solver::generators {

inline constexpr std::size_t kInlineBudget = std::size_t(4) << 20;

// `body` (an entry's body, comment-free as strip_ptx_comments makes it, from `module`) with every
// call of a `.func` of `module` inlined as above; `params` are the entry's own parameter names
// (their `ld.param` stays). Returns `body` unchanged (as a string) where it calls nothing.
std::string inline_calls(std::string_view module, std::string_view body,
                         const std::vector<std::string>& params);

// A register of an inlined copy (renamed apart as "%__i<site>_..."), for the rules that tell a
// called function's code from the entry's.
inline bool inlined_register(std::string_view r) { return r.substr(0, 4) == "%__i"; }

}  // namespace solver::generators
