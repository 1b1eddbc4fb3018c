// What `solver record --merge` keeps of the recording it merges into, and how the points it
// measures are made to agree with that recording (cmd_record.cpp).
//  - A problem.yaml that changed in what a measurement depends on (problem_hash.h) voids every
//    point of the pool, except where the change is only variants added to it: the file without
//    the variants the recording has no point of hashes as the recorded file did, so the old
//    points were measured under the same shapes, launches, knobs and tolerances and are kept
//    (their keys are the variant and knob point; their source bytes are checked per point).
//  - The merged file keeps the ceilings it had (merge_recording), while the points measured
//    now were derived against this run's: they are re-derived against the merged ceilings
//    before they are written, so the file is what `solver recording rederive` gives.
#pragma once
#include <string>
#include <vector>

#include "engine/backend/recording.h"
#include "engine/eval/rederive.h"
#include "generators/problem_spec.h"

namespace solver::engine {

struct PoolMerge {
  bool keep = false;                      // the recorded points stay (not measured again)
  std::vector<std::string> new_variants;  // variants with no recorded point (when kept: added)
};

// Whether `was` (the recording's entry of `spec`'s pool) keeps its points under `spec` now.
PoolMerge plan_pool_merge(const RecordedProblem& was, const generators::ProblemSpec& spec);

// Re-derives the profiled points of `fresh` (the points this run measured) against the
// ceilings of `into` (the recording they are merged into; ceilings it lacks are taken from
// `fresh`), and leaves those ceilings in `fresh`. Compiles through `cache` (rederive.h).
RederiveReport rederive_for_merge(Recording& fresh, const Recording& into,
                                  const std::string& problems_root, const rules::ChipProfile& chip,
                                  generators::CompileCache* cache);

}  // namespace solver::engine
