// Re-keying a recording after a source move (issue 33): a variant's recorded measurements are
// keyed by its source hash (the text of its source, of every header it reaches, and its NVRTC
// options), so moving shared code into the kernel library changes the hash of every variant
// that reaches it, and the recorded backend then serves those points as not recorded. This
// compiles each such point twice with NVRTC exactly as the worker does (the old tree's problem
// and library, then the new tree's; no GPU) and keeps the recorded point under the new hash
// only when the two cubins hold the same code (generators/cubin_code.h). A point whose code
// changed keeps its old hash, so it stays "not recorded" and is listed for a live re-record.
//
// PC sampling's kept lines name source places (file:line) of the old tree. Of a re-keyed point,
// lines (and causes' producer places) whose files have the same text in both trees are the same
// places and stay. Where a named file's text changed, the same instructions are located again
// in the new tree's line-info compile (nvdisasm's line table, engine/eval/pc_line_remap.h);
// without that table (no nvdisasm: $SOLVER_NVDISASM, $CUDA_HOME/bin, /usr/local/cuda/bin, PATH)
// the point's lines and causes are dropped with a note in pc_sampling.detail, never left
// naming another statement (a live re-record gives them back).
#pragma once
#include <string>
#include <vector>

#include "engine/backend/recording.h"
#include "generators/compile_cache.h"
#include "rules/chips.h"

namespace solver::engine {

struct RekeyTree {
  std::string problems;  // folder of problem folders
  std::string kernels;   // its kernel library folder
};

struct RekeyReport {
  int unchanged = 0;                        // points whose source hash did not change
  std::vector<std::string> rekeyed;         // "problem key" re-keyed: same code
  std::vector<std::string> changed;         // "problem key: why" (code differs): re-record live
  std::vector<std::string> skipped;         // "problem key: why" (gone, not resolvable, no compile)
  std::vector<std::string> lines_remapped;  // "problem key: files" PC lines re-located
  std::vector<std::string> lines_dropped;   // "problem key: files" PC lines dropped
  std::vector<std::string> problems_to_rerecord() const;  // problems of `changed`, sorted
};

// Rewrites `rec` in place: the gate's source_hash of every point proven to be the same code.
// Compiles through `cache` (nullptr: uncached). Leaves the kernel library set as it found it.
RekeyReport rekey_recording(Recording& rec, const RekeyTree& old_tree, const RekeyTree& new_tree,
                            const rules::ChipProfile& chip, generators::CompileCache* cache);

}  // namespace solver::engine
