// A compiled variant loaded into the context: the CUBIN through cuModuleLoadData, one CUfunction
// per launch of the variant's launch list, the dynamic shared-memory opt-in set where a launch
// asks for more than 48 KiB, and the driver's resource attributes of each kernel.
#pragma once
#include <string>
#include <vector>

#include "engine/backend/gpu/cuda_driver.h"
#include "engine/backend/gpu/tensor_map_encode.h"
#include "generators/variant_space.h"
#include "profiling/signal_derivation.h"

namespace solver::gpu {

struct KernelAttributes {
  int regs = 0;
  int static_smem = 0;
  int local_bytes = 0;    // per thread: spills and stack arrays
  int max_threads = 0;    // the most threads per block this kernel can launch with
  int blocks_per_sm = 0;  // cuOccupancyMaxActiveBlocksPerMultiprocessor at its launch config
  std::string limiter;    // registers, smem, blocks or warps
};

class VariantModule {
 public:
  // Loads `cubin` for `variant` (its launches name the entries). Throws CudaError.
  VariantModule(const generators::ResolvedVariant& variant, const std::string& cubin,
                const DeviceContext& ctx);
  ~VariantModule();
  VariantModule(const VariantModule&) = delete;
  VariantModule& operator=(const VariantModule&) = delete;

  const generators::ResolvedVariant& variant() const { return variant_; }
  const std::vector<KernelAttributes>& attributes() const { return attrs_; }
  CUfunction function(size_t launch) const { return functions_[launch]; }

  // Enqueues every launch in order on `stream`. `buffers[i]` is the device pointer of
  // variant().buffers[i]. Throws CudaError (launch errors are reported at launch).
  void launch(CUstream stream, const std::vector<CUdeviceptr>& buffers) const;

  // The device address and size of the module variable `name` (cuModuleGetGlobal); false where
  // the loaded module has none of that name.
  bool global(const std::string& name, CUdeviceptr* ptr, size_t* bytes) const;

  // Attributes of launch `i` in the form signal derivation takes.
  profiling::LaunchAttributes launch_attributes(size_t i) const;

 private:
  generators::ResolvedVariant variant_;
  CUmodule module_ = nullptr;
  std::vector<CUfunction> functions_;
  std::vector<KernelAttributes> attrs_;
  // Tensor-map arguments by (map, buffer address): launch() binds them to the buffers it is
  // given, never to the addresses of an earlier call.
  mutable TensorMapCache tensor_maps_;
};

}  // namespace solver::gpu
