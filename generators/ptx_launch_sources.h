// Launch-varying values that are no special register (issue 28, red team 39; helper fix40p): the
// sources P10t-c's scan (generators/ptx_clock_work.h) seeds besides the clocks, %gridid and the
// module variables a launch relays. Both are registers an entry's own statements define, found by
// two passes over its parsed statements (generators/ptx_taint.h) before the taint runs.
//
//  - Placement (redteam39_placement_window). Where the harness puts a buffer is a draw: the
//    arena slides by a random multiple of kArenaAlign (engine/backend/sequence_plan.h), once a
//    series, and a caller's process puts a buffer anywhere. A parameter's address bits at and
//    above that alignment are a value that differs between launches on one input; the bits below
//    it are the problem's (alignment dispatch, control_redteam11_align_dispatch). So a parameter
//    that is a pointer (its value reaches a cvta or an address) is followed as an address:
//    moved, converted, offset by a value (add, sub, mad's addend), aligned down (and with a mask
//    keeping every bit at and above the alignment), selected, compared with another address or
//    with 0 (the distance between two of the kernel's buffers depends on its buffer list alone:
//    sequence_plan.h; a null test is the caller's), tested for alignment (and / rem / bfe below
//    the alignment), combined bit by bit with another address or a value (`(A | x) & 15`:
//    control_redteam11_align_dispatch), shifted by a constant (the placement's lowest bit moves
//    with it: `(p >> 2) & 3` is a test below it): none of these is a source, and the compares
//    are legal only for an address plus an offset (not shifted, tagged or combined). Any other
//    use of its value (a mask that keeps a bit at or above the placement's lowest and drops
//    another, a multiply, a compare with a number, a float conversion, an unpacking) writes a
//    register the scan seeds.
//    A module variable's address (`mov.u64 %rd, stamp`) is a pointer as a parameter is.
//    An address stored to memory at a known base (a module variable, a parameter's buffer) is
//    an address where it is loaded back (a memo keyed by the input's address compares the two:
//    control_redteam_reduce_memo). Not followed: one stored to local or shared memory.
//  - Memory another launch left (redteam39_local_frame_relay). A thread's local frame is the
//    context's per-slot memory and outlives a launch (the worker scrubs it before a run, not
//    between its launches); shared memory is undefined at a block's start and may hold what an
//    earlier block on the SM left. A load (or an atomic's returned value) from local memory that
//    a store of the entry has not written on every path from the entry's start (a guarded store
//    writes on no path), or from shared memory that no store of the entry reaches on any path
//    (another thread of the block may have written it: `if (tid == 0) smem = x; bar; use smem`),
//    reads what an earlier launch stored: its destination is seeded, as a load from a module
//    variable another entry stores a source to is. Words are matched by their root (a `.local` or
//    `.shared` symbol: __local_depot0, a __shared__ array) and constant offset; a store at an
//    offset the scan cannot compute writes every word of its root, a load at one is covered by any
//    store of its root. Generic loads and stores count where their address is rooted at such a
//    symbol, and a generic store (or atomic) the scan cannot root as a shared store of any word. Approximation, towards keeping: a store at a computed index counts for every word
//    of its root (`frame[i] = 0` with i always 1 covers frame[0]); a local frame scrubbed between
//    launches (~0.15 ms a launch) would close that too (docs/reliability.md, fix40p).
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "generators/ptx_implicit_flow.h"
#include "generators/ptx_taint.h"

namespace solver::generators {

// The harness's alignment guarantee for a buffer's address: engine::kArenaAlign (2 MiB), which
// engine/backend/sequence_plan.h asserts equal (generators/ depends on no engine header).
inline constexpr std::uint64_t kPlacementAlign = std::uint64_t(2) << 20;

// Registers an entry's statements write a launch-varying value to, each with what it came from
// ("the address of k_param_1 at and above 2 MiB").
using LaunchSources = std::map<std::string, std::string>;

// Per entry of a module (index for index): `entries`, each entry's statements (callees inlined);
// `module_vars`: the module's `.global` and `.const` variables (ptx_module_memory.h), whose
// addresses are placed as a buffer's are. An address stored to memory at a known base (a module
// variable, a parameter's buffer) by any entry is an address where any entry loads it back.
std::vector<LaunchSources> placement_sources(const std::vector<const std::vector<taint::Insn>*>& entries,
                                             const std::vector<std::string>& module_vars,
                                             std::uint64_t align = kPlacementAlign);

// The `.local` and `.shared` symbols a (comment-free) module declares, anywhere in it.
std::map<std::string, taint::Space> frame_symbols(std::string_view clean_ptx);

// `code` and `flows`: one entry's statements and their control flow, index for index.
LaunchSources unwritten_memory_sources(const std::vector<taint::Insn>& code,
                                       const std::vector<FlowStmt>& flows,
                                       const std::map<std::string, taint::Space>& symbols);

}  // namespace solver::generators
