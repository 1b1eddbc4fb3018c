// What each variant of the fault suite (tests/data/faults/problem.yaml) must end as, in the
// spec's order. One table for the CI test (recorded backend, fake worker) and the H200 test
// (live backend), so the two cannot drift apart.
#pragma once
#include <vector>

#include "engine/backend/backend.h"

namespace solver::test {

struct ExpectedFault {
  const char* variant;
  engine::GateStatus status;  // the recorded backend's (the fake worker's) outcome
  // The live worker's, where it differs: state kept in module memory (a __device__ variable)
  // cannot outlive a run there, since every run starts from the module image (red team 8,
  // generators/ptx_module_memory.h): the stale cache is never served and the kernel is right.
  engine::GateStatus live = status;
};

inline const std::vector<ExpectedFault>& expected_faults() {
  using engine::GateStatus;
  static const std::vector<ExpectedFault> e = {
      {"oob_write", GateStatus::Fault},
      {"infinite_loop", GateStatus::Timeout},
      {"nan_output", GateStatus::WrongResult},
      {"wrong_result", GateStatus::WrongResult},
      {"writes_nothing", GateStatus::WrongResult},
      {"stale_cache", GateStatus::WrongResult, GateStatus::Passed},
      {"smem_too_large", GateStatus::InvalidSpec},
      {"compile_error", GateStatus::CompileError},
      {"too_fast", GateStatus::TooFast},
      {"abort", GateStatus::Fault},
  };
  return e;
}

}  // namespace solver::test
