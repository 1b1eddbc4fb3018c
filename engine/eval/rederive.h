// Re-deriving a recording's signals with the current derivation code: from the raw metrics and
// unprofiled time it kept, the problem's formulas, the recording's measured ceilings, the
// driver's launch attributes (as recorded) and a fresh static scan of each variant's PTX
// (NVRTC, no GPU). A recording thus follows improvements of the derivation without a new GPU
// session, and every signal that changes is reported.
#pragma once
#include <string>
#include <vector>

#include "engine/backend/recording.h"
#include "generators/compile_cache.h"
#include "rules/chips.h"

namespace solver::engine {

struct SignalChange {
  std::string problem, key, signal;
  std::string before, after;  // rules::format_value ("missing" when absent)
};

struct RederiveReport {
  int variants = 0;                   // variants re-derived
  std::vector<SignalChange> changes;  // in problem, key, signal order
  std::vector<std::string> skipped;   // "problem key: why" (not profiled, source changed...)
  std::vector<std::string> notes;     // re-derived, but with less to go on (no code scan)
};

// Rewrites the signals (and their origins) of every profiled variant of `rec` in place.
// A variant whose kernel source no longer matches the recorded source hash is skipped: its raw
// metrics belong to another kernel. Without NVRTC the code scan is left out (said in notes).
RederiveReport rederive_recording(Recording& rec, const std::string& problems_root,
                                  const rules::ChipProfile& chip, generators::CompileCache* cache);

}  // namespace solver::engine
