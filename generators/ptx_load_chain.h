// The "load chain" code fact (issue 29): how many global (or generic) loads inside a loop of a
// launched entry take their address, through arithmetic, compares and the branches they decide,
// from the value the same load returned on an earlier trip of the loop. A pointer chase
// (`p = next[p]`) and a binary search (`mid` from `lo` and `hi`, which move by a compare of
// `a[mid]`) are such chains: the next trip's load cannot be issued before the last one returns,
// so each thread's loads run one at a time and their latency, not the layout of the addresses
// or the bandwidth, sets the time. An independent gather is not one: in a CSR row walk
// `x[col[j]]` the address of the `x` load depends on a load of the same trip, but `j` moves by
// arithmetic alone, so the loads of every trip can be in flight at once.
//
// The scan, per loop (a backward branch to a label of the same entry; the statements from the
// label to the branch): a register dependence graph of the loop's statements, flow-insensitive
// (the loop body runs again, so a dependence on a later statement is a dependence on the
// previous trip), with an edge from every register a statement reads (its guard included) to
// every register it writes, a load's edge from its address to its destination, an edge from
// the guard of every branch in the loop to the registers that branch decides
// (generators/ptx_implicit_flow.h: written on one side and read after the join, or carried
// round the loop whose exit test it is), and one from the guard of a guarded exit from the loop
// (a `break`, a guarded ret) to every register the loop carries. A chain is a global or generic
// load whose destination reaches its own address in that graph: a cycle through the load, so
// the address of the next trip's load waits on this one's value. NVVM's PTX assigns a register
// more than once only where a value crosses a branch or a trip (a phi), so a cycle is a
// loop-carried dependence. Loads from shared, local, constant and parameter space are not
// seeds: their latency is an L1's, not a trip to L2 or DRAM.
//
// The cost is the statements of the loops that hold a load that could be a chain (one whose
// address the loop writes), summed: linear in each loop (implicit_flow_writes_by_guard), but a
// switch whose case bodies jump back to a join above them makes every case such a "loop"
// (PyTorch's erfcx: 564 of them, 4.7 M statements, about 3 s). Past kLoadChainBudget statements
// the scan declines before building any graph, and the fact is absent (not scanned), never a
// guess and never a hang.
#pragma once
#include <cstddef>
#include <optional>
#include <string_view>

namespace solver::generators {

inline constexpr std::size_t kLoadChainBudget = 10'000'000;

struct LoadChainScan {
  std::optional<int> loads;    // the chained loads; empty where the scan declined
  std::size_t statements = 0;  // the entry's statements
  std::size_t work = 0;        // the statements of the loops it would build graphs for
};
LoadChainScan ptx_load_chain_scan(std::string_view entry_body,
                                  std::size_t budget = kLoadChainBudget);

// The loads of one entry's body (ptx_entry_body's answer) that are links of a chain (see above;
// static occurrences, each counted once however many loops hold it): 0 when it has none, empty
// when the scan declined (over budget).
std::optional<int> ptx_load_chain_loads(std::string_view entry_body);

}  // namespace solver::generators
