#include "engine/backend/gpu/clocks.h"

#include <dlfcn.h>

namespace solver::gpu {
namespace {

// From NVML's public API (nvml.h): enough to read one device's current SM clock.
using nvmlReturn_t = int;
using nvmlDevice_t = void*;
constexpr int kNvmlClockSm = 1;  // NVML_CLOCK_SM
using InitFn = nvmlReturn_t (*)();
using ByPciFn = nvmlReturn_t (*)(const char*, nvmlDevice_t*);
using ClockFn = nvmlReturn_t (*)(nvmlDevice_t, int, unsigned int*);
using ShutdownFn = nvmlReturn_t (*)();

}  // namespace

ClockReader::ClockReader(const DeviceContext& ctx) {
  fallback_mhz_ = ctx.attribute(CU_DEVICE_ATTRIBUTE_CLOCK_RATE) / 1000.0;
  source_ = "device attribute (typical clock)";
  lib_ = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!lib_) return;
  auto init = reinterpret_cast<InitFn>(dlsym(lib_, "nvmlInit_v2"));
  auto by_pci = reinterpret_cast<ByPciFn>(dlsym(lib_, "nvmlDeviceGetHandleByPciBusId_v2"));
  get_clock_ = dlsym(lib_, "nvmlDeviceGetClockInfo");
  char bus[64] = {0};
  if (!init || !by_pci || !get_clock_ || init() != 0 ||
      cuDeviceGetPCIBusId(bus, sizeof bus, ctx.device()) != CUDA_SUCCESS ||
      by_pci(bus, &device_) != 0) {
    device_ = nullptr;
    return;
  }
  source_ = "nvml";
}

ClockReader::~ClockReader() {
  if (lib_) {
    if (device_)
      if (auto shutdown = reinterpret_cast<ShutdownFn>(dlsym(lib_, "nvmlShutdown"))) shutdown();
    dlclose(lib_);
  }
}

double ClockReader::sm_clock_mhz() const {
  if (device_) {
    unsigned int mhz = 0;
    if (reinterpret_cast<ClockFn>(get_clock_)(device_, kNvmlClockSm, &mhz) == 0) return mhz;
  }
  return fallback_mhz_;
}

}  // namespace solver::gpu
