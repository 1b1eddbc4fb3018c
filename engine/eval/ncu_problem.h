// The half of a kernel's signals an Nsight Compute export cannot hold, taken from its problem
// folder: the FLOP and byte formulas of one run, its launches, the precision it computes in,
// and a static scan of the launched entries' PTX (tensor instructions, wgmma, a matrix-product
// loop) after an NVRTC compile for the chip's architecture. NVRTC needs no GPU, so
// `solver eval --ncu-csv` and `classify --ncu-csv --problem` classify an export with the same
// code facts the live profile has.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "generators/compile_cache.h"
#include "profiling/ncu_csv.h"
#include "rules/chips.h"

namespace solver::engine {

struct NcuProblemResult {
  profiling::NcuProblemFacts facts;
  std::vector<std::string> entries;  // the variant's kernel names, distinct, in launch order
  std::vector<std::string> notes;    // what could not be given, and why (no NVRTC, ...)
};

// Loads `problem_dir`, resolves `variant` (its seed when empty) at `knobs` for `chip` and
// compiles it through `cache` (nullptr: uncached). Bad input (no such problem or variant, an
// unresolvable variant) throws rules::InputError; a failed compile or no NVRTC is a note and
// leaves the code facts unknown.
NcuProblemResult ncu_problem_facts(const std::string& problem_dir, const std::string& variant,
                                   const std::map<std::string, int64_t>& knobs,
                                   const rules::ChipProfile& chip, generators::CompileCache* cache);

}  // namespace solver::engine
