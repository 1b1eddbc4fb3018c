// Per-kernel resource usage as ptxas reports it (`--ptxas-options=-v`, which compile_variant
// asks NVRTC for): registers, static shared memory, stack frame and spills. Read from the
// compile log, so a cached compile reports it too, and no driver or GPU is needed.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace solver::generators {

struct KernelUsage {
  std::string entry;
  int registers = -1;  // -1: not reported
  int64_t static_smem_bytes = 0;
  int64_t stack_bytes = 0;
  int64_t spill_store_bytes = 0;
  int64_t spill_load_bytes = 0;
};

// One entry per "Compiling entry function 'X'" in the log, in log order.
std::vector<KernelUsage> parse_ptxas_usage(const std::string& log);

}  // namespace solver::generators
