// Resolution of a variant's tensor maps at one knob point: the box extents evaluated and every
// limit of cuTensorMapEncodeTiled checked here, on the host, so a map the driver would refuse
// is a located issue of the variant (never a failed launch on the GPU).
#pragma once
#include <vector>

#include "generators/variant_space.h"

namespace solver::generators {

// The copy engine's limits (CUDA driver API, cuTensorMapEncodeTiled).
inline constexpr int kTensorMapMaxRank = 5;
inline constexpr int64_t kTensorMapMaxBox = 256;               // elements per box dimension
inline constexpr int64_t kTensorMapMaxDim = int64_t{1} << 32;  // elements per dimension
inline constexpr int64_t kTensorMapMaxStride = int64_t{1} << 40;

// Appends the resolved maps of `variant` to rv.tensor_maps (rv.buffers must be resolved) and
// their problems to rv.issues.
void resolve_tensor_maps(const VariantSpec& variant, const std::vector<rules::Value>& slots,
                         ResolvedVariant& rv);

}  // namespace solver::generators
