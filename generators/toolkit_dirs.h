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

// A digest (sha256 hex) of the toolkit as it is on disk: every regular file under `dirs` (its
// path, size and modification time, in nanoseconds) and each of `files` the same way. The
// compile cache's key carries it (nvrtc_compiler.cpp, compiler_identity): NVRTC's version is
// major.minor only, so a toolkit updated in place (13.0.48 to 13.0.88: another libnvrtc, other
// headers, the same "13.0") or a toolkit header edited kept every key, and a kernel whose code
// the new headers change was served the old cubin and PTX. Stats only (about 2,000 files, a few
// milliseconds), no reads; an absent folder or file counts as absent.
std::string toolkit_fingerprint(const std::vector<std::string>& dirs,
                                const std::vector<std::string>& files);

}  // namespace solver::generators
