// Per-thread local memory rewritten before a run (red team 9, redteam9_local_carry;
// docs/reliability.md P7/P8 "no state survives from one run to the next").
//
// Local memory (a kernel's stack arrays and spills) is context memory: the driver sizes it for
// the largest kernel, never shrinks it, and addresses it per hardware thread slot (SM, warp
// slot, lane). No module reload, buffer poison or arena rewrite touches it, so a kernel that
// reads its local frame before writing it sees what the last thread on that slot left there: a
// table built by one launch and read by the next, keyed on %smid and the warp's place.
//
// The scrub: a kernel whose frame is the candidate's own size (so whatever per-launch stride
// the hardware gives a frame of that size, the same bytes), launched with every warp slot of
// every SM occupied (the occupancy calculator's blocks per SM x the SMs), stores a word drawn
// per run over every word of its frame. It runs before every run of a variant whose launches
// have a local frame, outside the timed window; variants with none pay nothing.
#pragma once
#include <cstdint>
#include <map>
#include <string>

#include "engine/backend/gpu/cuda_driver.h"

namespace solver::gpu {

class LocalScrub {
 public:
  explicit LocalScrub(std::string arch);
  ~LocalScrub();
  LocalScrub(const LocalScrub&) = delete;
  LocalScrub& operator=(const LocalScrub&) = delete;

  // Rewrites `bytes_per_thread` bytes of local memory in every thread slot of the device, with
  // a frame of that size (compiled once per size, NVRTC). Enqueued on `stream`; no-op for 0.
  // Throws CudaError, or std::runtime_error where NVRTC fails.
  void operator()(int bytes_per_thread, CUstream stream);

 private:
  struct Kernel {
    CUmodule module = nullptr;
    CUfunction fn = nullptr;
    unsigned blocks = 0;
  };
  const Kernel& kernel(int words);
  std::string arch_;
  std::map<int, Kernel> kernels_;  // by 32-bit words per thread
  uint64_t state_ = 0;
  DeviceBuffer sink_;  // the one word each scrub reads back (keeps its stores alive)
};

// The largest local frame (bytes per thread) among the launches of a loaded variant.
class VariantModule;
int local_frame_bytes(const VariantModule& m);

}  // namespace solver::gpu
