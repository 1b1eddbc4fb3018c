// How long a global or local load waits per 32-byte sector it fetches, from the warp-state
// counters (Little's law): the warp-cycles stalled on the long scoreboard over the load sectors
// requested, in nanoseconds at the SM clock.
//
// A warp stalled on the long scoreboard has at least one L1TEX load outstanding, so the summed
// time the loads are outstanding is at least the long-scoreboard warp-cycles: the ratio is a
// lower bound on the mean wait per sector (ILP, several loads in flight per warp, only raises
// the true value). A dependent chase of one-sector loads measures the chip's round trip with it
// (the labelled pointer_chase on the H200: 238-245 ns in three calls, chips.yaml
// `load_round_trip_ns`); a coalesced stream short of the roof waits about that long per sector
// or less (its sectors share a request). A wait many times the round trip with the memory
// units idle is a queue no unit's bandwidth accounts for (issue 29: Rodinia BFS's Kernel2,
// whose half a million stores of one flag byte serialise in one L2 slice, 2.2 us per sector).
#pragma once
#include <map>
#include <optional>
#include <string>

namespace solver::profiling {

// nullopt when a counter is missing, no load sector was requested or the clock is unknown.
// `chip_hz`: the chip's SM clock (chips.yaml sm_clock_mhz), for an export that lacks the
// profiled one (an ncu export made with an older metric list).
std::optional<double> load_sector_wait_ns(const std::map<std::string, double>& raw,
                                          std::optional<double> chip_hz = std::nullopt);

}  // namespace solver::profiling
