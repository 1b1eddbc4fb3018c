// Where the ON track enters a large knob space (docs/loop.md, "Screening a large knob space").
// A rewrite's default point is where the variant's author put `default:`, mostly the smallest
// tile, the narrowest load, every switch off: a corner of the space (sgemm_2048's 3.5x the
// pool's best, transpose_4096's 6.9x, where the switch that applies the rule's own hypothesis,
// shared-memory staging, is off). When the rule's step enters a variant of 256+ admitted points
// that the track has not timed yet, the step lands instead on the point nearest the space's
// centre: every knob of three or more values at the middle of its range (log2 scale, as the
// knob GP sees it) and every two-valued switch on (its larger value: in these pools each switch
// is an optional rewrite, padding, double buffering, shared-memory staging, a register queue).
// The centre is the point of least worst-case distance to wherever the best lies, so the climb
// starts at most half of each knob's range away; the profile still chooses the variant. Ties go
// to the point nearer the default, then to the first enumerated. Deterministic; no time is read.
// (Switches on only where they apply the hypotheses of the edge the step took was measured and
// left out: docs/benchmarks.md, "Seventh session".)
#pragma once
#include <cstdint>
#include <optional>

#include "engine/loop/pool_search.h"

namespace solver::engine {

// The entry point (above) of `variant`; nullopt when the variant is not large (fewer than
// `min_points` admitted), has no knobs, any of its points was timed already, or no admitted point
// is untried.
std::optional<generators::KnobValues> centre_start(const SearchRequest& r,
                                                   const generators::VariantSpec& variant,
                                                   uint64_t min_points);

}  // namespace solver::engine
