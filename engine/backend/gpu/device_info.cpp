#include "engine/backend/gpu/device_info.h"

#include "engine/backend/gpu/driver_version.h"
#include "generators/nvrtc_compiler.h"

namespace solver::gpu {

engine::DeviceInfo query_device(const DeviceContext& ctx) {
  engine::DeviceInfo d;
  char name[256] = {0};
  CU_CHECK(cuDeviceGetName(name, sizeof name, ctx.device()));
  d.name = name;
  d.cc_major = ctx.attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
  d.cc_minor = ctx.attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
  d.sm_count = ctx.attribute(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
  CU_CHECK(cuDriverGetVersion(&d.driver_version));
  d.driver = read_driver_version();
  d.ecc = ctx.attribute(CU_DEVICE_ATTRIBUTE_ECC_ENABLED) ? 1 : 0;
  char bus[32] = {0};
  if (cuDeviceGetPCIBusId(bus, sizeof bus, ctx.device()) == CUDA_SUCCESS) d.pci_bus_id = bus;
  d.l2_bytes = ctx.attribute(CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE);
  size_t total = 0;
  CU_CHECK(cuDeviceTotalMem(&total, ctx.device()));
  d.total_mem_bytes = int64_t(total);
  d.smem_optin_bytes = ctx.attribute(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN);
  d.max_threads_per_sm = ctx.attribute(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR);
  d.sm_clock_mhz = ctx.attribute(CU_DEVICE_ATTRIBUTE_CLOCK_RATE) / 1000.0;
  d.mem_clock_mhz = ctx.attribute(CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE) / 1000.0;
  d.mem_bus_bits = ctx.attribute(CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH);
  d.arch = "sm_" + std::to_string(d.cc_major) + std::to_string(d.cc_minor);
  d.nvrtc_version = generators::nvrtc_version();
  return d;
}

rules::ChipProfile chip_profile_for(engine::DeviceInfo& info, const rules::ChipTable* table) {
  if (table) {
    if (const auto* p =
            table->match_device(info.name, info.cc_major, info.cc_minor, info.sm_count)) {
      info.chip_id = p->id;
      return *p;
    }
  }
  rules::ChipProfile p;
  p.id = "unknown-" + info.arch;
  p.name = info.name;
  p.cc_major = info.cc_major;
  p.cc_minor = info.cc_minor;
  p.numbers["sm_count"] = info.sm_count;
  p.numbers["smem_per_block_kib"] = double(info.smem_optin_bytes) / 1024.0;
  p.numbers["l2_mib"] = double(info.l2_bytes) / (1024.0 * 1024.0);
  p.numbers["cc"] = info.cc_major + info.cc_minor / 10.0;
  p.source = "synthesized from the driver's device attributes (no chips.yaml match)";
  info.chip_id = p.id;
  return p;
}

}  // namespace solver::gpu
