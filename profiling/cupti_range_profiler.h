// Hardware counters for the kernels of one launch, through the CUPTI range profiler (CUDA 12.6+
// API: cupti_range_profiler.h for the device side, cupti_profiler_host.h for metric scheduling
// and evaluation). No CUDA, CUPTI or NVPW type appears here: the context travels as void*.
//
// How a collection runs (profile()):
//   auto range  -- every kernel launched by `launch_once` is its own range, in launch order;
//   kernel replay -- CUPTI saves the device memory a kernel may write, runs the kernel once per
//                    pass (restoring memory between passes), then lets the next launch go on.
// So `launch_once` is called exactly once, and each kernel in it runs `passes` times, serialized
// (no overlap with other kernels while profiled). Cost, measured on the H200
// (docs/results/cupti-smoke-h200.md): a set-up of 2-50 ms per call (enable, counter-data
// image, config), then mostly a fixed cost per kernel: ~180-225 ms for one metric in one pass,
// +75-95 ms for 3-4 passes; SASS-instrumented metrics (smsp__sass_*) add ~300 ms on an
// instruction-heavy kernel. The 16 metrics of docs/h200.md take 10 passes, 4 without
// sm__throughput. check() reports the passes of a set before anything runs.
//
// Values under replay are not timing truth: replay can slow a memory-bound kernel (cold
// caches, restored memory), which lowers its DRAM %-of-peak. Take time from unprofiled runs.
//
// Threading: one RangeProfiler per CUDA context, used from a thread on which that context is
// current. The range profiler is enabled on the context only inside profile(), so unprofiled
// launches between calls run at full speed. Activity tracing (cupti_activity.h) did not
// deliver records once a RangeProfiler had been used in the process: see that header.
//
// This library calls no driver API itself (CUPTI loads the driver when it needs it), so a
// program linking it still starts on a machine without libcuda.so.1.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace solver::profiling {

enum class ProfileStatus {
  ok,
  no_context,          // constructed without a CUDA context: only check() works
  unsupported_device,  // enabling failed on a device CUPTI reports unsupported (vGPU, WSL...)
  invalid_metrics,     // a requested name is not a metric on this chip (see invalid list)
  no_metrics,          // empty request
  cupti_error,         // a CUPTI call failed; `error` names the call and CUPTI's message
  no_kernels,          // launch_once launched nothing that the profiler saw
  launch_failed,       // launch_once threw; `error` holds what()
};
const char* to_string(ProfileStatus s);
std::optional<ProfileStatus> profile_status_from_string(std::string_view text);

// How one metric's per-kernel values combine into the value of the whole launch.
enum class Aggregation {
  sum,            // counter rollups .sum/.avg: sequential kernels add (an avg over units of
                  // per-kernel totals sums to the avg of the launch total)
  max,            // counter .max: the largest per-kernel value
  min,            // counter .min: the smallest per-kernel value
  weighted_mean,  // ratios, throughputs, rates (.pct, .ratio, .per_second, pct_of_peak_*):
                  // mean weighted by each kernel's gpu__time_duration.sum
};
const char* to_string(Aggregation a);
// `is_counter` is CUPTI's metric type of the base metric (counter vs ratio/throughput).
Aggregation aggregation_of(const std::string& metric, bool is_counter);

struct MetricInfo {
  std::string name;
  bool valid = false;
  bool is_counter = false;  // CUPTI metric type counter (else ratio or throughput)
  std::string unit;         // e.g. "byte", "percent", "nanosecond"
  std::string hw_unit;      // e.g. "dram", "sm", "lts"
  std::string description;
};

struct MetricCapabilities {
  ProfileStatus status = ProfileStatus::ok;
  std::string error;
  std::string chip;                  // e.g. "GH100"
  std::vector<MetricInfo> metrics;   // one per requested name, in request order
  std::vector<std::string> invalid;  // requested names the chip does not know
  std::size_t passes = 0;            // replay passes the valid names need together
  bool ok() const { return status == ProfileStatus::ok; }
};

struct KernelMetrics {
  std::size_t index = 0;                 // launch order within launch_once
  std::string range_name;                // CUPTI's auto-range name (a number)
  std::map<std::string, double> values;  // metric -> value for this kernel alone
};

struct MetricValues {
  ProfileStatus status = ProfileStatus::ok;
  std::string error;
  std::map<std::string, double> values;  // metric -> value over all kernels (see Aggregation)
  std::vector<KernelMetrics> kernels;    // per kernel, launch order
  std::vector<std::string> invalid;      // when status == invalid_metrics
  std::size_t passes = 0;                // replay passes per kernel
  std::size_t ranges_dropped = 0;        // kernels beyond max_kernels (their data is lost)
  double setup_ms = 0;                   // enable + config + counter-data image
  double launch_ms = 0;                  // launch_once under replay, until all passes ran
  double decode_ms = 0;                  // decode + evaluate
  double collection_ms = 0;              // the whole profile() call, wall clock
  bool ok() const { return status == ProfileStatus::ok; }
};

struct RangeProfilerOptions {
  std::size_t max_kernels = 64;  // ranges the counter-data image holds; more are dropped
};

class RangeProfiler {
 public:
  // `cu_context` is a CUcontext (nullptr: host-only, check() with an explicit chip name).
  // `chip_name` empty: ask CUPTI for the context's chip. Never throws; a failed set-up is kept
  // and returned by every later call (see init_error()).
  RangeProfiler(void* cu_context, std::string chip_name = {}, RangeProfilerOptions options = {});
  ~RangeProfiler();
  RangeProfiler(const RangeProfiler&) = delete;
  RangeProfiler& operator=(const RangeProfiler&) = delete;

  const std::string& chip() const;
  // Empty when set-up succeeded.
  const std::string& init_error() const;
  // What cuptiProfilerDeviceSupported said when it did not say "supported" (empty otherwise).
  const std::string& device_note() const;

  // Which names the chip knows and how many replay passes the valid ones need together.
  // Needs no GPU when a chip name was given.
  MetricCapabilities check(const std::vector<std::string>& metrics);

  // Runs `launch_once` under auto range + kernel replay and evaluates `metrics` for every
  // kernel it launched on this context. gpu__time_duration.sum is always collected and
  // returned, also when not requested: it weights the means (1 pass alone). An exception
  // from `launch_once` is caught here: the profiler is stopped, the outcome is launch_failed.
  MetricValues profile(const std::vector<std::string>& metrics,
                       const std::function<void()>& launch_once);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Combines per-kernel values into launch values with aggregation_of(); `weights` holds each
// kernel's duration (any unit). A kernel without a positive weight is left out of the means;
// when no kernel has one, the means are plain.
std::map<std::string, double> aggregate_kernels(const std::vector<KernelMetrics>& kernels,
                                                const std::map<std::string, bool>& is_counter,
                                                const std::vector<double>& weights);

}  // namespace solver::profiling
