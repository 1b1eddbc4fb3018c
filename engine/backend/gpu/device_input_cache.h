// Pristine device copies of the standing input sets, kept across the requests of one worker
// (docs/gpu-backend.md, "Inputs"): every op draws its regular sets from the same seeds, so
// after the first request of a problem each `in` buffer of a regular set is copied
// device-to-device from here instead of uploaded from the host (9.5 s of the six-problem
// ablation before this). No kernel is ever given an entry's address; each entry carries the
// keyed device digest taken when it was uploaded, and a copy made from it is digested again
// and must match, so an entry that anything changed is dropped and uploaded afresh. Bounded
// in bytes (a share of the device's memory, least recently used out first: byte_lru.h).
#pragma once
#include <cstdint>
#include <memory>

#include "engine/backend/gpu/byte_lru.h"
#include "engine/backend/gpu/cuda_driver.h"

namespace solver::gpu {

struct DeviceCopy {
  std::shared_ptr<const DeviceBuffer> buffer;
  uint64_t digest = 0;  // keyed device digest of the bytes as uploaded
};

// Keyed by input_key (host_data.h): buffer name, dtype, elements, distribution, seed.
using DeviceInputCache = ByteLru<DeviceCopy>;

}  // namespace solver::gpu
