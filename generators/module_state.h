// P7k, "launch k is launch 1" (issue 28, helper ctr39): what a variant's module state may carry
// from one run to the next. The worker reloads a module with module data before every run
// (cubin_module_data.h), so every run the harness times or checks is the module's first launch,
// while a caller's process keeps the module loaded: launch k there starts from what launches 1 ..
// k-1 left in `__device__` memory. A launch counter kept there (`if (++calls % 32 == 0) slow`) or
// a flag set by the first launch (`if (done) serve the old answer`) makes launch k differ from
// every launch the harness saw. Honest kernels write module memory too: a threadfence reduction's
// ticket counter the last block puts back to 0 (control_redteam7_cuda_samples_threadfence), a memo
// keyed on the input (control_redteam_reduce_memo), a census word (control_redteam19_census_boys),
// arrays staging a run's intermediates (control_redteam38_module_stage). So the rule is not "no
// writes", and not "the state after a run equals the state before" (the memo fills its slots):
//
//  - *Property.* Run after run without a reload, on inputs in a fixed cycle, the module state
//    must settle: a module variable that still changes between two runs on the same input (in
//    the same cycle position) holds a value that differs between launches of one kernel on one
//    input, which is P10t-c's definition of a *source* (ptx_clock_work.h): a launch count. Such a
//    variable may choose an address, a value or an order, never how much work runs (the clock
//    scan's rule, run again with it seeded). Variables the scan already counts as sources (fed by
//    a clock or %gridid, which a round's runs do vary: control_redteam38_launch_count_rotate) are
//    its business, not this one's.
//  - *And the answers:* every one of those runs, each after a run that left state, is verified
//    against the reference like the gate's first run: a flag or a memo that serves an old answer
//    to a new input is a wrong_result there.
//
// Why this suffices where it claims: a run is a function of (module state, inputs). If the state
// after the last run of a cycle equals the state after the one before it, every later launch in
// that cycle starts from a state a verified run started from, so it does what that run did. What
// stays open is a state that settles under the harness's cycle and moves under a caller's
// (e.g. counting distinct inputs past the cycle's two), and a launch count deciding a value that is
// wrong only past the runs verified (docs/reliability.md, P7k).
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace solver::generators {

// The runs of the check, in order, after one reload: the regular set each runs on (0 or 1; set
// 1's values copied to set 0's addresses, so an address-keyed memo sees one key), and whether the
// module state is read after it. Snapshots 0 and 1 are two repeats of set 0; 2 and 3 are set 0
// after set 1, twice.
struct CarriedRun {
  int set = 0;
  bool snapshot = false;
};
const std::vector<CarriedRun>& carried_state_runs();
// The snapshot pairs that must be equal, with what each shows.
struct SettlePair {
  int a = 0, b = 0;
  const char* what = "";
};
const std::vector<SettlePair>& settle_pairs();

// One reading of the module state: a digest per module variable (cubin_module_symbols), by name.
using ModuleSnapshot = std::map<std::string, uint64_t>;

// The variables whose digests differ between `a` and `b` (or that only one holds), by name.
std::vector<std::string> changed_variables(const ModuleSnapshot& a, const ModuleSnapshot& b);

struct CarriedStateVerdict {
  std::string refusal;  // non-empty: the gate's invalid_spec
  std::string note;     // for a passed gate's detail (empty where nothing changed)
};

// The verdict on `changed` (variable -> the pair that showed it: settle_pairs()'s `what`), for a
// module whose PTX is `ptx`: variables the clock scan already counts as sources are left to it;
// the others are sources seeded into scan_ptx_clock_work, refused where one decides work, and so
// is one the PTX names no module variable (a symbol the scan cannot follow).
CarriedStateVerdict judge_carried_state(std::string_view ptx,
                                        const std::map<std::string, std::string>& changed);

}  // namespace solver::generators
