// Implicit flows of a PTX entry (issue 28, red team 11: redteam11_branch_narrow_dp4a). A value
// chosen by a branch on a float compare carries the float as much as one chosen by `selp`: an
// integer built as "if (r >= 64) q += 64" bit by bit is the float narrowed, with no data flow
// from it. The integer-MMA provenance taint (ptx_int_provenance.h) asks this file which
// registers such branches decide.
//
// The rule, on the statements in program order: a guarded `bra` whose guard is tainted splits
// the code at the branch; its join is the target label for a forward branch whose fall-through
// side reaches it (an if-then), or the end of both sides where the fall-through side ends with
// an unconditional forward `bra` past the target (an if-else); its region is the statements
// between the branch and the join. A loop (a backward guarded branch, or a forward exit test
// whose fall-through side jumps back) has the loop as its region and the statement after it as
// its join. Every register written in the region and read at or after the join (in program
// order) is decided by the branch; in a loop, every register read there before its first write
// there (carried from one trip to the next: a counter of trips decided by a float test), and
// one read after the loop only where it was also written before the loop (its value then
// depends on whether the loop wrote it; one the loop alone writes from data is not its trip
// count). A side that ends in `ret` or `exit` reaches no join: an early return (a pruned tile
// skipped by a float test, control_redteam11_dp4a_scale_skip) decides nothing the rest of the
// kernel reads. Approximations, both towards tainting more: program order stands for
// reachability after the join, and a region is a range of statements, not a set of blocks.
#pragma once
#include <cstddef>
#include <functional>
#include <map>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace solver::generators {

struct FlowStmt {
  std::vector<std::string> labels;  // labels defined before the opcode
  std::string target;               // a `bra`'s label, else empty
  bool guarded = false;             // the `bra` has a guard predicate
  std::string guard;                // its register
  bool ends = false;                // ret, exit, trap or an unguarded bra: no fall-through
  std::string exit_guard;           // a guarded ret/exit: its predicate register
  bool warp_state = false;          // reads which lanes are alive (activemask, vote, match, ...)
  std::vector<std::string> writes, reads;
};

// The labels, branch and guard of one statement (`writes` and `reads` are the caller's).
FlowStmt flow_stmt(std::string_view stmt);

// A region a guarded branch on a tainted predicate decides: statements [from, to), its join, and
// whether it is a loop (see above).
struct FlowRegion {
  std::size_t branch = 0;  // the guarded bra
  std::size_t from = 0, to = 0, join = 0;
  bool loop = false;
  bool returns = false;  // a side that ends in ret/exit: no join, but its stores are decided
};
// A caller's exception: a region it answers true for decides nothing (ptx_int_provenance.cpp's
// FP32 prefilter re-tested in FP64 before anything the region writes escapes it).
using FlowExcuse = std::function<bool(const FlowRegion&)>;

// The regions of the guarded branches whose guard `tainted` answers true for (see above), in
// the order of their branches (ptx_clock_work.h asks which of them hold a loop).
std::vector<FlowRegion> decided_flow_regions(
    std::span<const FlowStmt> code, const std::function<bool(const std::string&)>& tainted);

// The registers written in the region of a guarded branch whose guard `tainted` answers true
// for, and read at or after its join (see above).
std::vector<std::string> implicit_flow_writes(
    const std::vector<FlowStmt>& code, const std::function<bool(const std::string&)>& tainted,
    const FlowExcuse& excused = nullptr);

// The same answer as implicit_flow_writes by a rescan of the code per region: the rule as first
// written, kept as the tests' oracle for the indexed one (quadratic; not for real kernels).
std::vector<std::string> implicit_flow_writes_reference(
    const std::vector<FlowStmt>& code, const std::function<bool(const std::string&)>& tainted,
    const FlowExcuse& excused = nullptr);

// implicit_flow_writes(code, [&](r) { return r == g; }) for every guard g of a guarded branch in
// `code` at once, keyed by g (a guard that decides nothing is absent). One pass over the regions
// with per-register indexes (first write, last read, positions), so a switch of thousands of
// guarded branches costs the sum of its regions' sizes, not one rescan of the code per guard.
std::map<std::string, std::set<std::string>> implicit_flow_writes_by_guard(
    std::span<const FlowStmt> code);

// The statements inside those regions, and inside a side that ends in `ret` or `exit` (indices
// into `code`, ascending). Memory a store there writes is decided by the branch as much as a
// register written there and read after the join (red team 12, redteam12_branch_store_dp4a:
// each bit of the narrowed integer added to a shared-memory slot inside the branch that decides
// it, every register defined and used on one side); a store before an early return lands too,
// where another thread may read it. The caller taints what such stores write.
std::vector<std::size_t> implicit_flow_statements(
    const std::vector<FlowStmt>& code, const std::function<bool(const std::string&)>& tainted,
    const FlowExcuse& excused = nullptr);

// Red team 12 (redteam12_exit_mask_dp4a): which lanes of a warp are still alive is itself a
// value. Lanes that leave by a `ret`/`exit` guarded by a tainted predicate, or that took one side
// of a tainted branch, leave their decision in the warp's state, and `activemask`, `vote`,
// `match`, `redux`, `elect` and `bar.red`/`barrier.red` read it back with no tainted operand.
// The registers such a statement writes after a tainted guarded exit (in program order) or
// inside a region a tainted branch decides are decided by it.
std::vector<std::string> warp_state_writes(const std::vector<FlowStmt>& code,
                                           const std::function<bool(const std::string&)>& tainted);

}  // namespace solver::generators
