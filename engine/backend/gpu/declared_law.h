// Whether an input buffer's bytes stay inside the law its problem declares (docs/reliability.md,
// "Every value in its declared law"; issue 28, helper h28q). An index buffer is the address a
// kernel and its reference read through: one value at its law's excluded end (`high` of a
// `[low, high)` law) is an out-of-bounds read that faults where the buffer it indexes ends at
// the end of an allocation, and a gate fault is a false rejection of an honest kernel. The
// gate's sets, the fresh set and every timed perturbation are held to this in
// tests/engine/gpu_input_law_test.cpp, over many seeds.
//
// What is checked, for integer dtypes (i32 u32 i64 u64) and the structured kinds:
//  - randint, uniform, sorted: every value an integer in [ceil(low), ceil(high) - 1] (the
//    randint range; `high` excluded); sorted also non-decreasing;
//  - csr_rowptr: the first offset 0, the last `nnz`, non-decreasing;
//  - permutation: every value in [0, n) exactly once; cycle: the same, and one cycle through all
//    n places;
//  - mask: 0 or 1;  arange: start + step * i exactly;
//  - normal: no bound (the law has none); float dtypes: only the structured kinds' order
//    (sorted non-decreasing), since rounding to the dtype may reach a float law's `high`.
#pragma once
#include <optional>
#include <string>

#include "generators/variant_space.h"

namespace solver::gpu {

// The first place where `data` (b.elements values of b's dtype) leaves b's declared law, in
// words ("inEdges[67108857] = 4194304 outside [0, 4194303]"); nullopt when every value is in it.
std::optional<std::string> law_violation(const generators::ResolvedBuffer& b,
                                         const unsigned char* data);

}  // namespace solver::gpu
