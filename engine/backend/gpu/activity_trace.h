// Kernel times from CUPTI activity records (CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL): the GPU's
// own start/end timestamps of every kernel, free of launch overhead and host jitter. Enabled
// only around timing loops, so profiling and checks run without it.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace solver::gpu {

struct KernelRecord {
  uint64_t start_ns = 0, end_ns = 0;
  uint32_t correlation = 0;
  std::string name;
  double duration_us() const { return double(end_ns - start_ns) / 1000.0; }
};

class ActivityTrace {
 public:
  // Registers the buffer callbacks once per process. Throws std::runtime_error on a CUPTI
  // failure (the worker then times with events alone and says so).
  static ActivityTrace& instance();
  void start();
  // Flushes and returns the kernels recorded since start(), sorted by start time.
  std::vector<KernelRecord> stop();

 private:
  ActivityTrace();
};

}  // namespace solver::gpu
