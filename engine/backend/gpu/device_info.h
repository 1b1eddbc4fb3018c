// Chip detection: the live device's properties, mapped to its chips.yaml profile. A device no
// profile matches still gets a profile built from what the driver says (no capabilities, no
// datasheet rates), so validation and launches work on unknown chips.
#pragma once
#include "engine/backend/gpu/cuda_driver.h"
#include "engine/backend/worker_protocol.h"
#include "rules/chips.h"

namespace solver::gpu {

engine::DeviceInfo query_device(const DeviceContext& ctx);

// The profile of `info` from `table` (match_device), or a synthesized one with id
// "unknown-sm_XY". Sets info.chip_id.
rules::ChipProfile chip_profile_for(engine::DeviceInfo& info, const rules::ChipTable* table);

}  // namespace solver::gpu
