// Launch-varying values that are no special register (issue 28, red team 39; helper fix40p): the
// sources P10t-c's scan (generators/ptx_clock_work.h) seeds besides the clocks, %gridid and the
// module variables a launch relays: registers an entry's own statements define, found by
// two passes over its parsed statements (generators/ptx_taint.h) before the taint runs.
//
//  - Placement (redteam39_placement_window): a pointer's address bits at and above the arena's
//    2 MiB alignment. Built by fix40p and removed at the merge (it refused five real corpus
//    kernels: an integer added to a pointer was taken for an address; docs/reliability.md, and
//    git history at ea7e394e); the hole is open.
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

// Registers an entry's statements write a launch-varying value to, each with what it came from
// ("the address of k_param_1 at and above 2 MiB").
using LaunchSources = std::map<std::string, std::string>;

// The `.local` and `.shared` symbols a (comment-free) module declares, anywhere in it.
std::map<std::string, taint::Space> frame_symbols(std::string_view clean_ptx);

// `code` and `flows`: one entry's statements and their control flow, index for index.
LaunchSources unwritten_memory_sources(const std::vector<taint::Insn>& code,
                                       const std::vector<FlowStmt>& flows,
                                       const std::map<std::string, taint::Space>& symbols);

}  // namespace solver::generators
