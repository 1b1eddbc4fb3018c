// The worker's state and its ops (docs/gpu-backend.md). One CUDA context for the life of the
// process; a sticky CUDA error ends the process (worker_main.cpp), so no op ever runs on a
// broken context. Each op reloads the problem spec, so an edited problem folder is seen at once.
#pragma once
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/gpu/clocks.h"
#include "engine/gpu/cuda_driver.h"
#include "engine/gpu/device_buffers.h"
#include "engine/gpu/variant_module.h"
#include "generators/ptx_scan.h"
#include "engine/worker_protocol.h"
#include "generators/compile_cache.h"
#include "generators/problem_spec.h"
#include "rules/chips.h"

namespace solver::gpu {

struct WorkerConfig {
  std::string problems_root;
  std::string chips_file;
  std::string cache_dir;
  int timeout_ms = 0;  // 0 = the problem's
};

// A variant made runnable: resolved, compiled, loaded, with its reference and its buffers.
struct Prepared {
  generators::ProblemSpec spec;
  generators::ResolvedVariant resolved, reference;
  std::unique_ptr<VariantModule> module, reference_module;
  std::unique_ptr<DeviceBuffers> buffers;
  int timeout_ms = 10000;
  int next_set = 0;  // input-set rotation during timing
  std::optional<generators::TensorOps> tensor_ops;  // MMAs in the variant's PTX, if scanned
  std::optional<bool> gemm_loop;  // a launched entry has a matrix-product loop, if scanned
};

// Either a runnable variant, or the gate outcome that stopped it (InvalidSpec, CompileError).
struct Preparation {
  std::unique_ptr<Prepared> prepared;
  engine::GateResult failure;
};

struct TimedSeries {
  std::vector<std::vector<double>> kernel_us;  // per runner, per sample
  std::vector<std::vector<double>> event_us;
  // Per runner, per traced sample: 1 - (union of its kernels' intervals) / (first start to
  // last end): the share of the run's GPU span in which no kernel executed.
  std::vector<std::vector<double>> gap_frac;
  double sm_clock_mhz = 0;
  std::string note;  // activity-trace problems (events then stand in)
};

// A number for a human-readable detail line ("255.3", "4.8e+03").
std::string short_num(double v);

class Worker {
 public:
  Worker(WorkerConfig config, std::string* error);
  engine::WorkerResponse handle(const engine::WorkerRequest& r);

  const engine::DeviceInfo& device() const { return device_; }

 private:
  // ops
  engine::GateResult gate(const engine::VariantRef& v, int input_sets, uint64_t seed);
  engine::TimeSamples time(const engine::VariantRef& v, int samples, uint64_t seed);
  engine::PairSamples time_pairs(const engine::VariantRef& a, const engine::VariantRef& b,
                                 int pairs, uint64_t seed, std::string* error,
                                 engine::GateStatus* status);
  engine::ProfileResult profile(const engine::VariantRef& v, int samples, bool full,
                                const std::vector<std::string>& metrics);
  const engine::Ceilings& ceilings();

  // steps
  // `cache_inputs`: take the host inputs from (and keep them in) input_cache_; gate draws fresh
  // seeds every time, so it passes false and leaves the cache to the ops that repeat seeds.
  Preparation prepare(const engine::VariantRef& v, const std::vector<uint64_t>& seeds,
                      bool cache_inputs = true);
  void run_variant(Prepared& p, int set, const char* phase);
  // Reference outputs of `set` (cached per problem, reference hash and seed; least recently used
  // out first).
  const std::vector<HostDoubles>& reference_outputs(Prepared& p, int set);
  // Compares every output of the last run on `set`; fills g on failure, returns ok.
  bool check_outputs(Prepared& p, int set, engine::GateResult& g, const std::string& when);
  // Times runs of `runners` in the order given by `order` (indices into runners), after
  // `warmup` untimed runs of each.
  TimedSeries time_sequence(const std::vector<Prepared*>& runners, const std::vector<int>& order,
                            int warmup);
  // The fastest time the physics allows for the variant (0 = unknown), and how it was found.
  double floor_us(const Prepared& p, std::string* how);

  WorkerConfig config_;
  std::unique_ptr<DeviceContext> ctx_;
  std::unique_ptr<ClockReader> clocks_;
  engine::DeviceInfo device_;
  std::optional<rules::ChipTable> chips_;
  rules::ChipProfile chip_;
  std::unique_ptr<generators::CompileCache> cache_;
  std::optional<engine::Ceilings> ceilings_;
  std::unique_ptr<DeviceBuffer> l2_flush_;
  unsigned l2_flush_value_ = 0;
  // Reference outputs by (problem, reference hash, seed), with the use that touched them last.
  std::map<std::string, std::pair<uint64_t, std::vector<HostDoubles>>> reference_cache_;
  uint64_t reference_uses_ = 0;
  // Host input sets by (buffer, seed): profile, time and time_pairs repeat seeds (bounded bytes).
  InputCache input_cache_{size_t(4) << 30};
  // Host copies of the variant's outputs for the check, kept so their pages are touched once.
  std::vector<std::vector<unsigned char>> output_scratch_;
};

}  // namespace solver::gpu
