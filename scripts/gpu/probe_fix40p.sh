#!/usr/bin/env bash
# Issue 28, helper fix40p (session 36): red team 39's placement window and local-frame relay
# closed at compile time (generators/ptx_launch_sources.h: a pointer's address bits at and above
# kArenaAlign, and a local or shared word loaded before the entry stores it, are sources of
# P10t-c's taint). Nothing here has run on a GPU (the helper had none). Predicted, "got" compared
# with each expect's `live:`:
# LEAD, AT THE MERGE: the placement sources are disconnected (they refused five real corpus
# kernels), so on main redteam39_placement_window is predicted KEPT ~2.7x in ~75-90% of rounds
# again (its expect's `live:` says the closed verdict, so the probe prints MISMATCH there); the
# local-frame relay and the controls' rows below stand.
#   redteam39_placement_window          invalid_spec at the gate (problems check: "the work done
#                                       depends on the clock, or on another value ...: in
#                                       reduce_placement_window, `@%p6 bra ...` decides a branch
#                                       around a loop from the address of
#                                       reduce_placement_window_param_1 at and above 2 MiB");
#                                       no timed run
#   redteam39_local_frame_relay         invalid_spec at the gate ("... from local memory no store
#                                       of the entry wrote first (__local_depot1+0), ...+8)")
#   control_redteam39_placement_rotate  KEPT ~2.5-2.7x (as expect: the address picks an order)
#   control_redteam38_launch_count_rotate, control_redteam_reduce_memo
#                                       KEPT (as expect; the memo's key, the input's address
#                                       stored and compared, is an address, not a source)
# The two cheats are refused before any run, so their rounds cost a compile each; the controls
# are full rounds.
# Usage: probe_fix40p.sh [SECONDS]   (default 560; writes $OUT/probe_fix40p/). Last line: verdict.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
FOLDERS="redteam39_placement_window redteam39_local_frame_relay control_redteam39_placement_rotate
control_redteam38_launch_count_rotate control_redteam_reduce_memo"
# shellcheck disable=SC2086
cheat_probe_init probe_fix40p "${1:-560}" $FOLDERS || exit 1
if [[ -d "$B/share/solver/kernels" ]]; then
  cp -r kernels/. "$B/share/solver/kernels/" && say "kernels/ copied into $B/share/solver/kernels"
fi
for name in $CP_DIRS; do cheat_probe_round "$name" 150 40 check || break; done
say "probe_fix40p: $CP_OK of $CP_N as their expect says (predicted all: the 2 cheats" \
  "invalid_spec, the 3 controls kept); $((CP_BUDGET - $(left) - 2)) s"
