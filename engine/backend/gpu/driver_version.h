// The NVIDIA kernel driver's version ("580.95.05"), which the device block reports beside the
// CUDA version the driver supports (cuDriverGetVersion gives only the latter). Read from
// /proc/driver/nvidia/version, whose first line names it:
//   NVRM version: NVIDIA UNIX x86_64 Kernel Module  580.95.05  Tue Sep 23 09:55:41 UTC 2025
//   NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  570.124.06  Release Build ...
// No CUDA here: host code, tested without a GPU.
#pragma once
#include <string>
#include <string_view>

namespace solver::gpu {

// The first word of `text`'s "NVRM version:" line made of digits and dots with at least one dot
// ("580.95.05"); "" when there is none.
std::string driver_version_from_proc(std::string_view text);

// driver_version_from_proc of `path` (default /proc/driver/nvidia/version); "" when unreadable.
std::string read_driver_version(const std::string& path = "/proc/driver/nvidia/version");

}  // namespace solver::gpu
