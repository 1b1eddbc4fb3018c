// The device memory of one variant's runs: each seeded input set uploaded once (so timing can
// rotate among sets without host copies), the working output buffers, scratch, and the float64
// outputs of the reference. Before every run the outputs are poisoned: every byte 0xFF, which is
// NaN in f16, bf16, f32 and f64 (so an unwritten element can never pass), or zeroed where the
// spec says zero_before_run; in-out buffers are restored from their input set.
#pragma once
#include <cstdint>
#include <vector>

#include "engine/backend/gpu/cuda_driver.h"
#include "engine/backend/gpu/host_data.h"
#include "generators/variant_space.h"

namespace solver::gpu {

class DeviceBuffers {
 public:
  // `variant`: buffers in spec order (the reference's list has the same order, with float64
  // outputs). One input set per seed. Host inputs come from `cache` when given (generated and
  // kept there on a miss), else are generated for this object alone.
  DeviceBuffers(const generators::ResolvedVariant& variant,
                const generators::ResolvedVariant& reference, const std::vector<uint64_t>& seeds,
                InputCache* cache = nullptr);

  int sets() const { return int(seeds_.size()); }
  uint64_t seed(int set) const { return seeds_[size_t(set)]; }

  // Pointers for the variant's kernel arguments (by buffer index) when running on `set`.
  std::vector<CUdeviceptr> variant_args(int set) const;
  std::vector<CUdeviceptr> reference_args(int set) const;
  // Poison / zero outputs and restore in-out buffers for a run on `set` (async on `stream`).
  void prepare_variant_run(int set, CUstream stream) const;
  void prepare_reference_run(int set, CUstream stream) const;

  // Indices of the buffers a run writes (role out or inout).
  const std::vector<size_t>& outputs() const { return outputs_; }
  // The variant's device output bytes (its dtype) into `into`, resized to fit (synchronous;
  // `into` can be reused between calls so its host pages are touched once).
  void download_variant_output(size_t buffer, std::vector<unsigned char>& into) const;
  // The reference's device output as doubles (synchronous).
  HostDoubles read_reference_output(size_t buffer) const;

 private:
  const generators::ResolvedVariant& variant_;
  const generators::ResolvedVariant& reference_;
  std::vector<uint64_t> seeds_;
  std::vector<size_t> outputs_;
  // [set][buffer]: inputs (in, inout) in the variant's dtype; inout also as float64 for the
  // reference.
  std::vector<std::vector<DeviceBuffer>> inputs_, ref_inout_inputs_;
  std::vector<DeviceBuffer> work_;      // [buffer]: out / inout / scratch of the variant
  std::vector<DeviceBuffer> ref_work_;  // [buffer]: float64 out / inout, scratch of the reference
};

}  // namespace solver::gpu
