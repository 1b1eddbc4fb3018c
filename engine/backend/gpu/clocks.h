// The SM clock while kernels run: NVML (libnvidia-ml.so.1, loaded with dlopen so the worker
// needs no NVML at link time; the toolkit here ships no nvml.h, so the few entry points used are
// declared in clocks.cpp), else the device attribute (the typical clock, not the live one).
#pragma once
#include <string>

#include "engine/backend/gpu/cuda_driver.h"

namespace solver::gpu {

class ClockReader {
 public:
  explicit ClockReader(const DeviceContext& ctx);
  ~ClockReader();
  // Current SM clock in MHz (0 if unknown).
  double sm_clock_mhz() const;
  const std::string& source() const { return source_; }  // "nvml" or "device attribute"

 private:
  void* lib_ = nullptr;
  void* device_ = nullptr;
  void* get_clock_ = nullptr;
  double fallback_mhz_ = 0;
  std::string source_;
};

}  // namespace solver::gpu
