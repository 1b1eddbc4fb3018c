// Shared-memory bank conflicts per shared-memory data access, from the L1TEX counters: the
// replays that padding or swizzling a layout removes, and nothing else.
//
// What the counters say (Nsight Compute's metric decoder; the shared-memory section of its
// "Memory Workload Analysis"): `l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum` counts the
// shared-memory data wavefronts beyond the ideal ones (a conflict is an extra wavefront: an
// LDS.128 whose lanes need 32 wavefronts where 4 would do counts 28), summed over EVERY operation
// on the shared pipe: loads, stores, LDGSTS fills, atomics (`_op_atom`), wgmma operand reads
// (`_op_gmma`) and the rest. The per-operation counters (`_op_ld`, `_op_st`, `_op_ldgsts`, all
// accepted by the H200: tests/profiling/h200_supported_metrics.txt) split it. An atomic to a
// shared word that other lanes also update is serialised lane by lane: its extra wavefronts are
// contention, which no padding removes (the atomic rule's), and a histogram's atomics are the
// large majority of its shared operations, so the undivided count over the loads and stores
// alone read 783 conflicts per access on the CUDA samples' histogram256 (8.4 M shared atomics,
// 23 k shared loads and stores) and 250 on the labelled smem_histogram (issue 29).
//
// The signal is therefore (conflicts of the loads, stores and LDGSTS fills) / (their warp
// instructions): 0 with none of them; from the per-operation counters where they were
// collected; from the undivided counter only where the kernel ran no other shared operation
// it counts (no shared atomic, no wgmma), which makes the two equal; not defined (a defect, the
// signal missing) where it did and the split was not collected. A recording made before the
// atomic, LDGSTS and wgmma instruction counters were collected cannot tell: the undivided count
// stands there, as it always did.
#pragma once
#include <map>
#include <optional>
#include <string>

namespace solver::profiling {

struct BankConflictReading {
  std::optional<double> per_access;  // conflicts per shared load/store/LDGSTS instruction
  std::string defect;                // set when the counters cannot define it
};

// `raw`: metric name -> value, as the derivation's input holds them.
BankConflictReading shared_bank_conflicts(const std::map<std::string, double>& raw);

}  // namespace solver::profiling
