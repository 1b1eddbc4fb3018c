// Work that follows the clock (issue 28, red team 36: redteam36_clock_window_tail). P10t bounds a
// candidate's slow share by counting excursions over one round's ~75 timed runs, which holds for
// runs that are independent draws (engine/backend/tail_charge.h). Nothing survives a run (module
// reload, local scrub, slack rewrite), but the clock does: a kernel that does more work while
// %globaltimer (or %clock / %clock64) is in a window of wall time makes a round's runs one sample
// of the clock, however many there are, and no count of runs bounds it. So the mechanism is
// refused before any run: the gate's invalid_spec "the work done depends on the clock".
//
// The property (docs/reliability.md P10t, red team 38): a timed kernel's control flow and amount
// of work may depend only on its inputs, its launch geometry and what it computes from them. A
// value that differs between launches of one kernel on one input is a source of the taint, not a
// list of clocks (tail37 seeded %globaltimer and %clock only; red team 38 keyed the work on
// %gridid, a launch count, and relayed a clock from one launch to the next through a
// __device__ variable):
//   - every special register the launch does not fix: all but %tid, %ntid, %ctaid, %nctaid,
//     %laneid, %lanemask_*, the cluster's place and size, the configured shared memory sizes and
//     the chip's %nsmid / %nwarpid (an allowlist, so a register a later PTX ISA adds is a source).
//     %smid and %warpid are sources: the SM and warp slot a block lands on is placement, decided
//     by what else runs on the GPU, the same from run to run of an idle round and not in a
//     caller's; a kernel may use them for an address (a per-SM slot), not for how much it does
//     (an address whose contents decide no work: a ticket counter indexed by %smid deciding a
//     loop is how much, by which SMs host a block, and stays refused: hon40);
//   - a load from, or an atomic's result on, a module variable (`__device__`: module_variables)
//     that an entry of the module stores a source-derived value to, or through a source-derived
//     address (a fixpoint over the entries, in any launch order): a clock or a launch count one
//     launch reads and a later launch decides work from (redteam38_clock_relay). The taint no
//     longer restarts at each entry's boundary for module memory.
//   - (fix40p, red team 39: generators/ptx_launch_sources.h) a pointer parameter's or module
//     variable's address bits at and above the harness's alignment (kArenaAlign: the arena's
//     random slide, one draw a series; redteam39_placement_window), and a load from local or
//     shared memory that no store of the entry wrote first (what an earlier launch left in the
//     thread's frame: redteam39_local_frame_relay).
// Not a source by the text alone (decided, session 34): a module variable whose stored values
// derive from no source (a memo's slot counter, a fingerprint: control_redteam_reduce_memo, "a
// kernel carrying dead memo machinery must be kept when its answers are right"). Since ctr39
// (P7k) the worker measures which do change from run to run on one input (a launch counter kept
// there, `calls++; if (calls % 32 == 0) slow`, %gridid's class) and passes them as `carried`
// sources; a memo's settle and are not.
// Not followed: a value relayed between launches through a buffer the launches share (a scratch
// buffer); the scan sees PTX, not the launch plan.
//
// The rule, per .entry (callees inlined), on the taint of generators/ptx_taint.h in its Clock
// mode: a register read from a source is clock-derived (the name is tail37's), and so is
// everything computed from it (data flow, loads through or from memory it reached, and what a
// branch on it decides: ptx_implicit_flow.h), with one exception: the
// difference of two reads of the same clock (or a compare of one read against another plus a
// clock-free offset) is an elapsed time, not a phase of the clock, and derives nothing (a
// fixed-length wait, `while (now() - t0 < K) {}`: control_redteam_reduce_memo). An ordered
// compare pairs two reads only of a clock that does not wrap in a module's life (%clock64,
// %globaltimer): `clock() < t0 + 0xF0000000` is a window of the 32-bit %clock's wrap (hon40);
// a difference or an equality pairs any. A launch counter -- a variable P7k measured changing from
// run to run that no entry feeds from a source, one scalar word, every write to it a bump (`gen +
// 1`, an atomic increment), a reset or an input, through a clean address, in no decided region,
// with no write of unknown address in the module -- is a clock of its own for that exception,
// equality and difference only: a sense-reversing barrier's `while (generation == gen)` (hon40,
// control_hon39_deepep_timeout_barrier). Refused: a
// guarded branch on a clock-derived predicate that
//   - closes or exits a loop (a loop's trip count follows the clock: `for (i < n * k(clock))`),
//   - decides a region that holds a loop or a `nanosleep` (a branch on the clock around heavy
//     work: the red team's `if (window) for (96 passes)`), or, returning, skips one after it,
// a guarded `ret`/`exit` on a clock-derived predicate before or inside a loop, and a `nanosleep`
// whose duration is clock-derived. Legal: the clock into an address, a stored value, or a branch
// whose region holds no loop (a wrap-round offset: control_redteam36_clock_rotate; the order of
// a sum: control_redteam20_timer_gauss; a time stamp: control_redteam3_cache_hints).
// Approximation, towards refusing: a branch on the clock between two loops of equal work (loop
// versioning on a clock bit) is refused too; the choice can be made a select inside one loop.
// One source has its own refusal (hon40, issue 28): %envreg1 and %envreg2 together are the
// address of the driver's grid workspace (cooperative_groups/details/driver_abi.h
// get_grid_workspace), which cooperative groups' grid-wide sync spins on. The harness launches
// every kernel with cuLaunchKernel, never cooperatively (cuLaunchCooperativeKernel), so on its
// launch the workspace is null and grid.sync() traps; such a kernel is refused for that, naming
// the launch it needs, not the clock (the clock's reason is a wrong one: the wait follows the
// other blocks' arrival, not a window). Approximation, towards refusing: a kernel that reads the
// workspace only to test `grid.is_valid()` and falls back is refused too.
#pragma once
#include <set>
#include <string>
#include <string_view>

namespace solver::generators {

struct ClockWork {
  bool found = false;
  std::string entry;      // the first entry where the clock decides work
  std::string statement;  // the branch, exit or nanosleep, as written
  std::string what;       // "a loop's trip count", "a branch around a loop", ...
  std::string sources;    // the entry's sources: "%globaltimer, module variable run_stamp"
  // The entry reads the cooperative launch's grid workspace (%envreg1/%envreg2: cooperative
  // groups' this_grid(), grid.sync()): refused for the launch it needs, not for the clock
  // (grid_workspace_read in the .cpp; hon40).
  bool cooperative = false;
};

// The first place in the module where the amount of work follows the clock (found false: none).
// `carried`: module variables measured to change from run to run on one input (P7k,
// generators/module_state.h: a launch count kept in module memory), sources as a clock is.
ClockWork scan_ptx_clock_work(std::string_view ptx, const std::set<std::string>& carried = {});
// The module variables the scan counts as sources by itself: those an entry stores a
// source-derived value to (a relayed clock or %gridid), whose values a round's runs do vary.
std::set<std::string> clock_fed_module_variables(std::string_view ptx);
// The gate's refusal for it, empty where none.
std::string clock_work_refusal(const ClockWork& w);

}  // namespace solver::generators
