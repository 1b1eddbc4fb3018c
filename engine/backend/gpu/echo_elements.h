// The host path's element shares of one lint echo (sample_lint_op.cpp echo_shares): every
// element of every output, one block of them (a partition's classes in blocks of elements:
// class_blocks.h), or the elements a second pass picked (strided_judgement's picks).
#pragma once
#include <cstddef>
#include <vector>

#include "engine/backend/gpu/lint_shares.h"
#include "engine/backend/gpu/sample_lint.h"

namespace solver::gpu {

// element_shares(reference, echoed, tols, nullptr, dtypes) restricted as above:
// - `picks` non-null: per output, only the listed elements, in its order (an output whose sizes
//   differ between the set and the echo: a single infinity, as element_shares says);
// - else `classes` with a block: each output's slice of the block; an output whose sizes differ
//   gets a one-element output's single infinity, or zeros marked `classes->misfit` (its light
//   share is infinite: Worker::class_light);
// - else every element.
std::vector<std::vector<double>> echo_elements(const std::vector<HostDoubles>& reference,
                                               const std::vector<HostDoubles>& echoed,
                                               const std::vector<generators::Tolerance>& tols,
                                               const std::vector<generators::DType>& dtypes,
                                               ClassShares* classes,
                                               const std::vector<std::vector<size_t>>* picks);

}  // namespace solver::gpu
