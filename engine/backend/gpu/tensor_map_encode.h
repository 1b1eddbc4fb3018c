// TMA tensor maps for the kernels that take one (problem.yaml `tensor_maps:`): encoded by the
// driver from the resolved map and the device address of the buffer a launch binds. The maps of
// one variant are kept per address, so the input sets and the paired protocol's two buffer sets
// each get a map of their own buffers, re-encoded only when an address is new.
#pragma once
#include <cuda.h>

#include <map>
#include <utility>

#include "generators/variant_space.h"

namespace solver::gpu {

// cuTensorMapEncodeTiled for `m` over the buffer at `base` (tiled, no interleave, L2 promotion of
// 256 bytes, out-of-bounds elements read as zero). Throws CudaError on the driver's refusal
// (the host checks of generators/tensor_map.cpp make that a bug, not a user error).
CUtensorMap encode_tensor_map(const generators::ResolvedTensorMap& m, CUdeviceptr base);

class TensorMapCache {
 public:
  // The map `index` of the variant over `base`, encoded on first use.
  const CUtensorMap& get(const generators::ResolvedTensorMap& m, int index, CUdeviceptr base);

 private:
  std::map<std::pair<int, CUdeviceptr>, CUtensorMap> maps_;
};

}  // namespace solver::gpu
