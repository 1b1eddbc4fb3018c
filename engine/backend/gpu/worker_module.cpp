// The harness's own kernel modules (worker_module.h).
#include "engine/backend/gpu/worker_module.h"

#include <algorithm>
#include <stdexcept>

namespace solver::gpu {

CUmodule load_worker_module(const generators::CompileResult& compiled, const std::string& what) {
  if (!compiled.ok)
    throw std::runtime_error(what + " not compile: " + compiled.error + "\n" + compiled.log);
  CUmodule module = nullptr;
  CU_CHECK(cuModuleLoadData(&module, compiled.cubin.data()));
  return module;
}

int device_sm_count() {
  CUdevice dev;
  CU_CHECK(cuCtxGetDevice(&dev));
  int sms = 0;
  CU_CHECK(cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev));
  return sms;
}

int grid_stride_blocks() { return std::max(1, device_sm_count()) * 8; }

}  // namespace solver::gpu
