// The harness's own kernels (the device derivation, comparison, digest, lint shares, local
// scrub): each an NVRTC module of the worker, never a problem's, loaded into the current
// context, and the grid a grid-stride kernel of theirs runs on.
#pragma once
#include <string>

#include "engine/backend/gpu/cuda_driver.h"
#include "generators/compile_cache.h"

namespace solver::gpu {

// `compiled` loaded into the current context; a failed compile throws std::runtime_error
// "<what> do(es) not compile: <error>\n<log>" (the worker's kernels must build on every chip it
// runs on: a failure is a defect of the tool, said as such).
CUmodule load_worker_module(const generators::CompileResult& compiled, const std::string& what);
// The current device's multiprocessor count.
int device_sm_count();
// Blocks for a grid-stride worker kernel: 8 per multiprocessor (at least 8).
int grid_stride_blocks();

}  // namespace solver::gpu
