// Where the CUDA toolkit's headers are: the folders NVRTC is given with -I for every kernel
// (variant_space.cpp builds the options), and the folders the toolkit-include scan reads
// (toolkit_include_macros.h).
#pragma once
#include <optional>
#include <string>
#include <vector>

namespace solver::generators {

// The CUDA toolkit's include folder ($CUDA_HOME/include, $CUDA_PATH/include, the one found at
// build time, /usr/local/cuda/include), if one holds cuda_runtime.h.
std::optional<std::string> cuda_include_dir();
// <cuda include>/cccl when it holds libcu++ (CUDA 13), found beside cuda_include_dir().
std::optional<std::string> cccl_include_dir();
// Both of the above that exist, in NVRTC's -I order (none without a toolkit).
std::vector<std::string> toolkit_include_dirs();

}  // namespace solver::generators
