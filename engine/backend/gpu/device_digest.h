// The keyed digest (keyed_digest.h) of device memory, computed on the device: the input check after
// a run (DeviceBuffers::verify_inputs) compares the digest of each `in` buffer with the one taken
// right after its upload, before any candidate ran, instead of reading the buffer back to the
// host (128-256 MB per check on the large pools; 20% of a live round before this).
// The key is drawn from std::random_device when the worker starts and is passed only to the
// digest kernel, after the candidate's run: a kernel that changes its input cannot know which
// change would keep the sum, so only putting the bytes back passes.
#pragma once
#include <cstdint>
#include <string>

#include "engine/backend/gpu/cuda_driver.h"

namespace solver::gpu {

class DeviceDigest {
 public:
  // Compiles the digest kernel with NVRTC for `arch` ("sm_90") and loads it in the current
  // context. Throws CudaError (or std::runtime_error when NVRTC fails).
  explicit DeviceDigest(const std::string& arch);
  ~DeviceDigest();
  DeviceDigest(const DeviceDigest&) = delete;
  DeviceDigest& operator=(const DeviceDigest&) = delete;

  // The digest of `bytes` bytes at `p` (synchronous on `stream`).
  uint64_t operator()(CUdeviceptr p, size_t bytes, CUstream stream) const;

 private:
  CUmodule module_ = nullptr;
  CUfunction fn_ = nullptr;
  uint64_t key_ = 0;
  DeviceBuffer sum_;
  int blocks_ = 0;
};

}  // namespace solver::gpu
