#include "engine/backend/gpu/cuda_driver.h"

#include <cstdlib>

namespace solver::gpu {

std::string describe(CUresult code) {
  const char* name = nullptr;
  const char* text = nullptr;
  cuGetErrorName(code, &name);
  cuGetErrorString(code, &text);
  return std::string(name ? name : "CUDA_ERROR_" + std::to_string(int(code))) + " (" +
         (text ? text : "unknown") + ")";
}

// Errors after which every later call on the context fails too (CUDA programming guide,
// "sticky" errors): the process must end to get a usable context back.
bool is_sticky(CUresult code) {
  switch (code) {
    case CUDA_ERROR_ILLEGAL_ADDRESS:
    case CUDA_ERROR_LAUNCH_FAILED:
    case CUDA_ERROR_LAUNCH_TIMEOUT:
    case CUDA_ERROR_HARDWARE_STACK_ERROR:
    case CUDA_ERROR_ILLEGAL_INSTRUCTION:
    case CUDA_ERROR_MISALIGNED_ADDRESS:
    case CUDA_ERROR_INVALID_ADDRESS_SPACE:
    case CUDA_ERROR_INVALID_PC:
    case CUDA_ERROR_ASSERT:
    case CUDA_ERROR_ECC_UNCORRECTABLE:
    case CUDA_ERROR_CONTEXT_IS_DESTROYED:
      return true;
    default:
      return false;
  }
}

CudaError::CudaError(CUresult code, const std::string& call, const char* file, int line)
    : std::runtime_error(describe(code) + " from " + call + " at " + file + ":" +
                         std::to_string(line)),
      code_(code) {}

bool CudaError::sticky() const { return is_sticky(code_); }

DeviceContext::DeviceContext() {
  CU_CHECK(cuInit(0));
  int ordinal = 0;
  if (const char* d = std::getenv("SOLVER_GPU_DEVICE")) ordinal = std::atoi(d);
  CU_CHECK(cuDeviceGet(&device_, ordinal));
  CU_CHECK(cuDevicePrimaryCtxRetain(&context_, device_));
  CU_CHECK(cuCtxSetCurrent(context_));
  CU_CHECK(cuStreamCreate(&stream_, CU_STREAM_NON_BLOCKING));
}

DeviceContext::~DeviceContext() {
  if (stream_) cuStreamDestroy(stream_);
  if (context_) cuDevicePrimaryCtxRelease(device_);
}

int DeviceContext::attribute(CUdevice_attribute a) const {
  int v = 0;
  CU_CHECK(cuDeviceGetAttribute(&v, a, device_));
  return v;
}

DeviceBuffer::DeviceBuffer(size_t bytes) : bytes_(bytes) {
  if (bytes) CU_CHECK(cuMemAlloc(&ptr_, bytes));
}

DeviceBuffer::~DeviceBuffer() {
  if (ptr_ && owned_) cuMemFree(ptr_);
}

DeviceBuffer& DeviceBuffer::operator=(DeviceBuffer&& o) noexcept {
  if (this != &o) {
    if (ptr_ && owned_) cuMemFree(ptr_);
    ptr_ = o.ptr_;
    bytes_ = o.bytes_;
    owned_ = o.owned_;
    o.ptr_ = 0;
    o.bytes_ = 0;
    o.owned_ = true;
  }
  return *this;
}

}  // namespace solver::gpu
