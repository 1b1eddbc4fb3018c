// From raw profiler metrics, an unprofiled time, the problem's formulas, the chip's ceilings and
// the driver's launch attributes to the signal vocabulary (rules/signals.h). A pure function:
// the live backend, the ncu importer and the fixture generator all go through it.
//
// The rule that shapes it (docs/h200.md): the profiler's replay slows a memory-bound kernel and so
// depresses its DRAM percentage. Bandwidth and FLOP-rate signals therefore come from the
// UNPROFILED time and the problem's byte/FLOP formulas against measured ceilings; the profiled
// percentage is kept apart as dram_pct_profiled. A signal whose inputs are missing stays missing.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "rules/chips.h"
#include "rules/signals.h"

namespace solver::profiling {

// Ceilings measured on the device (a large device copy, a large cuBLAS SGEMM / TF32 GEMM).
// The copy is the DRAM roof (absent: the datasheet peak). The cuBLAS rates are a GEMM
// reference only (gemm_ref_ratio): the FLOP roofs come from the chip's pipe table (SMs x lanes
// x 2 x clock) or its datasheet tensor rates, since a non-GEMM FMA chain beats SGEMM.
struct Ceilings {
  std::optional<double> dram_bytes_per_s;
  std::optional<double> fp32_flops_per_s;
  std::optional<double> tf32_flops_per_s;
  std::optional<double> fp16_flops_per_s;
  std::optional<double> bf16_flops_per_s;
};

// Occupancy-calculator inputs from cuFuncGetAttribute / cuOccupancyMaxActiveBlocksPerMultiprocessor
// (or an activity record). Each may be unknown.
struct LaunchAttributes {
  std::optional<double> regs_per_thread;
  std::optional<double> static_smem_bytes;
  std::optional<double> dynamic_smem_bytes;
  std::optional<double> local_bytes_per_thread;
  std::optional<double> block_threads;
  std::optional<double> grid_blocks;
  std::optional<double> max_active_blocks_per_sm;
  std::optional<std::string> occupancy_limiter;  // registers, smem, blocks or warps
};

struct DerivationInput {
  std::map<std::string, double> raw;  // metric name -> value in the metric's base unit
  std::optional<double> time_us;      // unprofiled median kernel time
  std::optional<double> flops;        // problem FLOP formula, one run
  std::optional<double> bytes;        // problem byte formula, one run
  const rules::ChipProfile* chip = nullptr;
  Ceilings measured;
  LaunchAttributes launch;
  std::optional<double> kernel_count;
  std::optional<double> launch_count;
  std::optional<double> weight;
  // Index of the launch that dominates the profiled run (profiling/launch_share.h).
  std::optional<double> dominant_launch;
  std::optional<std::string> dtype;  // precision the kernel computes in (fp32, tf32, ...)
  // Tensor-core instructions in the variant's PTX (generators/ptx_scan.h): all MMA kinds, and
  // the warpgroup (wgmma) ones. Unknown when the code was not scanned (an ncu import).
  std::optional<int> code_tensor_ops;
  std::optional<int> code_wgmma_ops;
  // mbarrier phase waits in the launched entries' PTX (generators/ptx_scan.h).
  std::optional<int> code_mbarrier_waits;
  // Bulk tensor copies (TMA) in the launched entries' PTX (generators/ptx_scan.h).
  std::optional<int> code_tma_copies;
  // Whether the launched entry's code has a matrix-product loop (generators/ptx_scan.h).
  std::optional<bool> code_gemm_loop;
  // The loads of the launched entries' loops that wait on their own loads: off-chip loads whose
  // address depends on the value they returned on an earlier trip (generators/ptx_load_chain.h).
  std::optional<int> code_load_chain;
  // The weighted shares of the launched entries' global accesses whose adjacent lanes' addresses
  // are at most 16 bytes apart, and further apart (generators/ptx_lane_stride.h).
  std::optional<double> code_contiguous_access_frac;
  std::optional<double> code_strided_access_frac;
  // The weighted share of their global stores whose lanes fill the sectors they write.
  std::optional<double> code_store_fill_frac;
  // The weighted share of their global accesses that are contiguous loads feeding an address.
  std::optional<double> code_index_load_frac;
  // The lanes of x a leading `threadIdx.x` test lets work in every launched entry
  // (generators/ptx_lane_guard.h); unknown where an entry has none.
  std::optional<int> code_guard_lanes;
  // Share of the unprofiled runs' GPU span with no kernel running (CUPTI activity records).
  std::optional<double> launch_gap_frac;
  // An ncu export has no unprofiled time and no problem formulas. When set, time_us falls back
  // to the profiled gpu__time_duration and bytes to the DRAM counters, and every signal built
  // from them is marked as coming from the profiled run.
  bool allow_profiled_fallback = false;
};

// Where a signal's value came from, shown next to verdicts so a reader can weigh it.
enum class Origin {
  Unprofiled,   // unprofiled time (and problem formulas / ceilings)
  Profiled,     // a counter of the profiled run
  ProfiledRun,  // a rate computed over the profiled run's time (replay-depressed)
  Driver,       // launch attributes from the driver
  Problem,      // the problem spec
  Given,        // passed in by the caller (kernel count, weight)
  Code,         // a static scan of the compiled code (the PTX)
  Estimate,     // a model from a measured chip figure (an export's launch gaps: chips.yaml)
};
const char* to_string(Origin o);

struct Derivation {
  rules::SignalSet signals;
  std::map<std::string, Origin> origin;  // per signal present in `signals`
  std::vector<std::string> notes;        // e.g. "dram_frac against the datasheet peak"
  // Values that came out outside their signal's range (rules/signals.h signal_range): a
  // defect of the counters or of the formulas, reported here and left out of `signals` so no
  // rule reads it ("load_eff = 3 outside 0..1 (smsp__sass_average_...)").
  std::vector<std::string> defects;
};

// The FLOP/s roof of one pipe from the chip's pipe table: sm_count x <lanes_key> x 2 (an FMA
// is two FLOPs) x sm_clock_mhz; nullopt when the chip lacks any of them.
std::optional<double> pipe_peak_flops(const rules::ChipProfile* chip, const char* lanes_key);

Derivation derive_signals(const DerivationInput& in);

// Warps an SM holds at most, by compute capability (CUDA C++ Programming Guide, table of
// technical specifications): 32 on 7.5, 48 on 8.6/8.7/8.9/12.x, 64 otherwise (7.0, 8.0, 9.0).
int max_warps_per_sm(int cc_major, int cc_minor);

}  // namespace solver::profiling
