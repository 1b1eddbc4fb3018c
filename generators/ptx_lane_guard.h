// The "lane guard" code fact (issue 29, "blocks narrower than a warp"): how many threads of a
// block's x dimension a launched entry lets past a test of `threadIdx.x` against a constant
// that sends the others straight to the exit before the entry does any work. A one-thread
// block's work written for whole-warp blocks (`if (threadIdx.x != 0) return;`, how the corpora
// write `kernel<<<n, 1>>>` and how real code gives a block's work to its thread 0) passes one
// lane; `if (threadIdx.x >= 8) return;` passes eight. The hardware schedules whole warps, so
// the lanes the guard turns away are absent for the warp's whole life: every instruction the
// warp issues, and every request it sends, serves the passed lanes only, and an SM holding its
// most blocks holds that many working threads a block. No counter tells absent lanes from lanes
// a data-dependent branch idles (divergence: 2.2 threads an instruction on the labelled
// warp_divergence kernel, 1.2-1.4 on the one-lane blocks); the code does.
//
// The scan reads the entry's leading straight-line code, up to the first statement that does
// work a lane turned away would have to skip: a memory access other than a parameter load, a
// barrier, a call, a label (a join) or a branch anywhere but to the exit. Within it, a guarded
// `bra` to a label whose next statement is `ret`/`exit` (or a guarded `ret`) whose predicate a
// `setp` set from `%tid.x` (or a register moved from it) and an integer constant is a guard;
// the lanes it passes are counted where they are the low lanes 0..k (`!= c` passes one, `> c`
// passes c + 1, `>= c` passes c, and the negated forms of `== c`, `<= c`, `< c`). A guard that
// passes all but some low lanes (`< c` to the exit) or tests a register not from `%tid.x`
// (`i >= n`) bounds nothing here and is read past. Several guards: the fewest lanes.
#pragma once
#include <optional>
#include <string_view>

namespace solver::generators {

// The lanes of x one entry's body (ptx_entry_body's answer, comment-free) lets past its leading
// `threadIdx.x` guards (see above); empty where it has none.
std::optional<int> ptx_guard_lanes(std::string_view entry_body);

}  // namespace solver::generators
