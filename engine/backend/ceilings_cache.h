// The measured ceilings kept on disk (the worker measures them once a chip: a 1 GiB copy and two
// cuBLAS GEMMs, gpu/ceilings.cpp). They are not a report only: the physical floor every timing
// must respect takes the larger of the measured copy bandwidth and the datasheet's
// (gpu/physical_floor.cpp), and profiling derives the DRAM and FLOP shares from them. A file
// planted in the cache folder with a copy bandwidth a thousand times the chip's would lower every
// floor until no timing is faster than physics allows. So the file is one of the caches
// generators/cache_trust.h guards: read and written only through the judged folder, and sealed
// (HMAC-SHA256 under the user's cache key) over its chip, device and numbers; an unsealed file
// (one from before the seal, or planted) or one sealed under another key is a miss, measured
// again and written again. Pure host code (tested in CI); the worker calls it.
#pragma once
#include <optional>
#include <string>

#include "engine/backend/worker_protocol.h"

namespace solver::engine {

// "ceilings-<chip_id>.json": the entry's name in the cache folder.
std::string ceilings_entry_name(const std::string& chip_id);
// The ceilings kept for `chip_id` measured on a device named `device_name` (from_cache set), or
// nullopt where there are none, the folder is refused, the file does not parse, names another
// chip or device, has no copy bandwidth, or its seal is not this user's key's.
std::optional<Ceilings> load_ceilings(const std::string& dir, const std::string& chip_id,
                                      const std::string& device_name);
// Writes them, sealed; false where the folder is refused, no key can be had or the write fails.
bool store_ceilings(const std::string& dir, const Ceilings& c);

}  // namespace solver::engine
