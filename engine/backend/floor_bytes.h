// The byte side of the physical floor (docs/gpu-backend.md, the measurement protocol): how many
// of a problem's declared bytes a timed run must move through DRAM before its end event.
//
// A kernel's writes land in the L2 and reach DRAM when their lines are evicted, so at the end of
// a run up to the L2's size of what it wrote may still sit there, dirty, and be written back after
// the event that closes the timing. The floor therefore does not count the written buffers' bytes
// the L2 can hold: an honest kernel that writes 64 MiB on a chip with a 50 MiB L2 can finish in the
// time of its reads plus 14 MiB (measured on the H100, docs/results/h100-2026-12-05c: 134 MB
// declared, 36.5 us, 3.67 TB/s against 3.35 TB/s of HBM3). Reads get no allowance: the timing
// flushes the L2 before every run (timing.cpp). Pure host code: the worker's floor
// (gpu/physical_floor.cpp) and the loop's (engine/loop/track_state.cpp) both call it.
#pragma once

#include <vector>

#include "generators/variant_space.h"

namespace solver::engine {

// `declared_bytes` (the problem's `bytes:`) less min(l2_bytes, the bytes of the Out and InOut
// buffers), never below 0. An l2_bytes of 0 or less (unknown chip) takes nothing off.
double floor_dram_bytes(double declared_bytes,
                        const std::vector<generators::ResolvedBuffer>& buffers, double l2_bytes);

}  // namespace solver::engine
