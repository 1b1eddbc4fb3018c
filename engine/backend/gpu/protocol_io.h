// The worker's side of the pipe: answers and beats go to the protocol stream (the original
// stdout), while fd 1 itself is pointed at stderr so that nothing a library prints can corrupt
// the protocol. NVTX ranges mark the phases for Nsight Systems.
#pragma once
#include <nvtx3/nvToolsExt.h>

#include <cstdint>
#include <string>

namespace solver::gpu {

// Call first thing in main(): moves the protocol to a private fd and fd 1 to stderr.
void protocol_io_init();
void send_line(const std::string& line);
// "Phase `phase` starts and must end within budget_ms": re-arms the backend's watchdog.
void beat(const std::string& phase, int64_t budget_ms);

class NvtxRange {
 public:
  explicit NvtxRange(const char* name) { nvtxRangePushA(name); }
  ~NvtxRange() { nvtxRangePop(); }
  NvtxRange(const NvtxRange&) = delete;
  NvtxRange& operator=(const NvtxRange&) = delete;
};

}  // namespace solver::gpu
