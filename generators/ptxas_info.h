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
  // "N bytes cumulative stack size": the entry's frame and its callees' (ptxas prints it for an
  // entry that calls functions whose depth it can bound); -1 where not printed.
  int64_t cumulative_stack_bytes = -1;
  // A function other than the entry has its properties in this entry's part of the log: the
  // module has ABI callees (listed once, after the first entry that reaches them).
  bool callee_listed = false;
};

// One entry per "Compiling entry function 'X'" in the log, in log order.
std::vector<KernelUsage> parse_ptxas_usage(const std::string& log);

// The deepest per-thread stack the given entries can use (red team 12): an entry's own frame,
// or its cumulative stack size where ptxas bounds its calls. `unknown` where the module has
// callees and a launched entry has no bound (recursion, or an entry that calls nothing next to
// ones that do: ptxas prints no bound for either). `callees`: the module has ABI callees at all,
// so its launches get a stack of the driver's limit (CU_LIMIT_STACK_SIZE), which a kernel can
// address beyond the frames ptxas counted.
struct StackDepth {
  int64_t bytes = 0;
  bool unknown = false;
  bool callees = false;
};
StackDepth deepest_stack(const std::vector<KernelUsage>& usage,
                         const std::vector<std::string>& entries);

}  // namespace solver::generators
