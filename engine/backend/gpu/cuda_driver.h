// Every CUDA driver call of the worker goes through CU_CHECK, which throws CudaError carrying
// the call, file:line and whether the error is sticky. A sticky error (an illegal address, a
// kernel trap...) leaves the context unusable: the worker answers Fault and exits, and the
// live backend starts a fresh worker for the next request.
#pragma once
#include <cuda.h>

#include <stdexcept>
#include <string>

namespace solver::gpu {

class CudaError : public std::runtime_error {
 public:
  CudaError(CUresult code, const std::string& call, const char* file, int line);
  CUresult code() const { return code_; }
  bool sticky() const;  // the context is unusable after this error
  bool out_of_memory() const { return code_ == CUDA_ERROR_OUT_OF_MEMORY; }

 private:
  CUresult code_;
};

// "CUDA_ERROR_ILLEGAL_ADDRESS (an illegal memory access was encountered)"
std::string describe(CUresult code);
bool is_sticky(CUresult code);

#define CU_CHECK(call)                                                         \
  do {                                                                         \
    CUresult cu_check_rc_ = (call);                                            \
    if (cu_check_rc_ != CUDA_SUCCESS)                                          \
      throw ::solver::gpu::CudaError(cu_check_rc_, #call, __FILE__, __LINE__); \
  } while (0)

// The device and its primary context (shared with cuBLAS, which uses the runtime API).
class DeviceContext {
 public:
  // cuInit + device 0 (or $SOLVER_GPU_DEVICE) + primary context made current. Throws CudaError.
  DeviceContext();
  ~DeviceContext();
  DeviceContext(const DeviceContext&) = delete;
  DeviceContext& operator=(const DeviceContext&) = delete;

  CUdevice device() const { return device_; }
  CUcontext context() const { return context_; }
  CUstream stream() const { return stream_; }
  int attribute(CUdevice_attribute a) const;

 private:
  CUdevice device_ = 0;
  CUcontext context_ = nullptr;
  CUstream stream_ = nullptr;
};

// Device memory owned by one object, or (view) a range of another's that it does not free.
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  explicit DeviceBuffer(size_t bytes);
  // `bytes` at `ptr`, owned elsewhere (a place in DeviceBuffers' arena): never freed here.
  static DeviceBuffer view(CUdeviceptr ptr, size_t bytes) {
    DeviceBuffer b;
    b.ptr_ = ptr;
    b.bytes_ = bytes;
    b.owned_ = false;
    return b;
  }
  ~DeviceBuffer();
  DeviceBuffer(DeviceBuffer&& o) noexcept : ptr_(o.ptr_), bytes_(o.bytes_), owned_(o.owned_) {
    o.ptr_ = 0;
    o.bytes_ = 0;
    o.owned_ = true;
  }
  DeviceBuffer& operator=(DeviceBuffer&& o) noexcept;
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;

  CUdeviceptr ptr() const { return ptr_; }
  size_t bytes() const { return bytes_; }

 private:
  CUdeviceptr ptr_ = 0;
  size_t bytes_ = 0;
  bool owned_ = true;
};

}  // namespace solver::gpu
