// Profiles in a recording of a large pool (issue 30; docs/benchmarks.md, "Large pools"): a
// 10-pass CUPTI profile costs ~0.5 s a point, so `solver record --sweep` gates and times every
// point but profiles only some, chosen here, and the recorded backend serves any other point
// that passed its gate with the counters of its nearest profiled neighbour, saying so.
//
// Which points (profile_order): the seed point first (every track starts there), then the
// fastest points and an even spread of the pool in knob order, alternately (rank 1 of each, rank
// 2 of each, ...), so a recording cut short holds the most useful profiles. The fastest points
// are where a search ends and where rules must say "at a ceiling"; the spread keeps every region
// of the knob space near a profiled point.
//
// Borrowing (borrowed_profile): the neighbour is the profiled point of the same variant with the
// fewest knobs that differ, then the smallest summed |log2| ratio of the differing values, then
// the closest median time. Its profile is served with the point's own unprofiled median time;
// signals of rate that came from unprofiled time (origin "unprofiled": achieved bandwidth and
// FLOP rate, their fractions of the ceilings) are rescaled to that time; counter signals are the
// neighbour's. The detail starts with "borrowed profile" and names the neighbour, and
// raw_metrics["solver__borrowed_knob_distance"] holds the knob count.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "engine/backend/recording.h"

namespace solver::engine {

// The median of a recorded point's unprofiled samples (0 when it has none).
double median_us(const RecordedVariant& v);

// Keys of `problem`'s gate-passed, timed points in the order they should be profiled: the seed
// (when it is among them), then up to `fastest` fastest and `spread` evenly spaced points,
// interleaved, without repeats. Points that hold a profile already are left out.
std::vector<std::string> profile_order(const RecordedProblem& problem, const std::string& seed_key,
                                       int fastest, int spread);

// The profile `key` is served when it has none of its own (nullopt when it did not pass its
// gate, has no samples, or no point of its variant is profiled). `file` names the recording in
// the detail.
std::optional<ProfileResult> borrowed_profile(const RecordedProblem& problem,
                                              const std::string& key, const std::string& file);

}  // namespace solver::engine
