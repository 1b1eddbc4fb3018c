// Kernel launch records from the CUPTI activity API (CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL):
// GPU start/end timestamps per launch plus the launch's resources (registers, shared memory,
// grid, block). This is where unprofiled kernel time comes from: the records cost a few
// hundred ns per launch and, unlike the range profiler, do not replay or serialize kernels.
// No CUDA or CUPTI type appears here.
//
// CUPTI's activity buffers are process-wide, so at most one tracer is alive at a time; a
// second one reports an error instead of stealing the first one's records.
//
// Measured on the H200 (docs/results/cupti-smoke-h200.md): a tracer created after a
// RangeProfiler had been used in the process received no records at all, also for unprofiled
// launches. Not yet separated: range profiler vs re-enabling after a first tracer was
// destroyed. So take activity timings before the first RangeProfiler exists in the process
// (or profile in another process), and keep one tracer for the process's life.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace solver::profiling {

struct KernelActivity {
  std::string name;       // function name as launched (mangled for C++ kernels)
  uint64_t start_ns = 0;  // GPU timestamps, ns (CUPTI's clock)
  uint64_t end_ns = 0;
  uint32_t correlation_id = 0;  // matches the launch API call
  uint32_t device_id = 0;
  uint32_t context_id = 0;
  uint32_t stream_id = 0;
  int grid[3] = {0, 0, 0};
  int block[3] = {0, 0, 0};
  int registers_per_thread = 0;
  int static_shared_bytes = 0;
  int dynamic_shared_bytes = 0;
  uint32_t local_memory_per_thread = 0;  // bytes; > 0 means spills or local arrays
  uint32_t shared_memory_executed = 0;   // shared-memory carveout the launch ran with, bytes
  double duration_us() const { return end_ns > start_ns ? (end_ns - start_ns) * 1e-3 : 0.0; }
};

class KernelActivityTracer {
 public:
  KernelActivityTracer();  // enables kernel records; never throws (see ok()/error())
  ~KernelActivityTracer();
  KernelActivityTracer(const KernelActivityTracer&) = delete;
  KernelActivityTracer& operator=(const KernelActivityTracer&) = delete;

  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }

  // Kernel records completed since the last take(), in completion-buffer order (sort by
  // start_ns for launch order). Synchronize the launches first: CUPTI delivers a record only
  // once the kernel has finished; records still incomplete are counted in incomplete().
  std::vector<KernelActivity> take();
  std::size_t dropped() const;     // records CUPTI dropped for lack of buffer space, so far
  std::size_t incomplete() const;  // records delivered without timestamps, so far

 private:
  std::string error_;
  bool owner_ = false;
};

// Sum of durations, the time of a variant made of several kernels.
double total_duration_us(const std::vector<KernelActivity>& records);

}  // namespace solver::profiling
