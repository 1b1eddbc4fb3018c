#include "rules/signals.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

namespace solver::rules {
namespace {

constexpr ValueType N = ValueType::Number;
constexpr ValueType B = ValueType::Bool;
constexpr ValueType S = ValueType::String;

// One row per signal. Every fraction is 0..1 (never a percentage) so that thresholds read the
// same everywhere; the one exception, dram_pct_profiled, keeps the profiler's 0..100 because it
// exists to reproduce rules written against that raw number.
// Order matters only for the slot layout and for docs/signals.md (generated from this table).
constexpr auto kSignals = std::to_array<SignalDef>({
    // --- time and weight (unprofiled runs) ---
    {"time_us", N, "us",
     "median GPU time of the kernel (all its launches) in unprofiled timing runs",
     "CUPTI activity records, unprofiled runs"},
    {"time_us_profiled", N, "us", "GPU time of the kernel while the profiler replays it",
     "gpu__time_duration.sum"},
    {"weight", N, "fraction 0..1",
     "this kernel's share of the problem's total GPU time (a live profile: the share of the "
     "variant's longest launch, the one its resource signals describe, 1 for a single launch; "
     "an ncu import: the kernel's share of the export's time)",
     "derived: kernel time / total kernel time (CUPTI range profiler per launch, ncu "
     "gpu__time_duration)"},
    {"kernel_count", N, "count", "distinct kernels the variant launches per run",
     "CUPTI activity records"},
    {"launch_count", N, "count", "kernel launches per run of the variant",
     "CUPTI activity records"},
    {"dominant_launch", N, "index",
     "position (from 0) in the variant's launch list of the launch that takes the largest share "
     "of its profiled time: the kernel `weight` and the resource signals speak for, and the one "
     "the generator rewrites first",
     "derived: argmax of gpu__time_duration.sum over the launches of one profiled run"},
    {"launch_gap_frac", N, "fraction 0..1",
     "share of the run's GPU span with no kernel executing (launch / host overhead)",
     "derived: 1 - (union of kernel intervals) / (first start to last end), CUPTI activity "
     "records of the unprofiled runs (median over runs)"},
    // --- memory system ---
    {"dram_frac", N, "fraction 0..1",
     "achieved DRAM bandwidth (problem byte formula / time_us) over the chip's measured "
     "ceiling, or its datasheet peak when none was measured",
     "derived: problem bytes, time_us, chip ceiling"},
    {"achieved_gbps", N, "GB/s", "problem byte formula over time_us (10^9 bytes per second)",
     "derived: problem bytes / time_us"},
    {"dram_pct_profiled", N, "percent 0..100",
     "DRAM throughput the profiler reports; depressed by replay on memory-bound kernels",
     "dram__throughput.avg.pct_of_peak_sustained_elapsed"},
    {"dram_bytes", N, "bytes", "bytes read from plus written to DRAM by the kernel",
     "dram__bytes_read.sum + dram__bytes_write.sum"},
    {"load_eff", N, "fraction 0..1",
     "useful bytes per 32-byte sector of global loads (1 = fully coalesced)",
     "smsp__sass_average_data_bytes_per_sector_mem_global_op_ld.pct / 100"},
    {"store_eff", N, "fraction 0..1",
     "useful bytes per 32-byte sector of global stores (1 = fully coalesced)",
     "smsp__sass_average_data_bytes_per_sector_mem_global_op_st.pct / 100"},
    {"sectors_per_request", N, "sectors",
     "32-byte sectors per global load request (4 = coalesced 32-bit, 16 = coalesced 128-bit)",
     "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum / "
     "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"},
    {"l2_hit", N, "fraction 0..1", "L2 sector hit rate", "lts__t_sector_hit_rate.pct / 100"},
    {"load_sector_wait_ns", N, "ns",
     "how long a global or local load waits per 32-byte sector it fetches, at least (Little's "
     "law: a warp on the long scoreboard has a load outstanding); a dependent one-sector chase "
     "measures the chip's round trip (chip.load_round_trip_ns), far above it the memory path "
     "queues on something no unit's bandwidth accounts for",
     "smsp__warps_issue_stalled_long_scoreboard.sum / "
     "(l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum "
     "+ l1tex__t_sectors_pipe_lsu_mem_local_op_ld.sum) / sm__cycles_elapsed.avg.per_second "
     "(profiling/load_wait.h)"},
    {"bank_conflicts_per_request", N, "conflicts",
     "shared-memory bank conflicts (extra wavefronts) per shared load, store or LDGSTS "
     "instruction, the atomics' serialisation left out (0 = conflict-free; 31 for a 32-way "
     "conflict of 32-bit lanes)",
     "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_{ld,st,ldgsts}.sum / their instructions "
     "executed; the undivided l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum where no shared "
     "atomic or wgmma ran (profiling/bank_conflicts.h)"},
    {"l1_hit", N, "fraction 0..1",
     "L1/TEX sector hit rate (all L1 traffic: global, local, texture)",
     "l1tex__t_sector_hit_rate.pct / 100"},
    {"l1_frac", N, "fraction 0..1",
     "L1 data-pipe wavefronts over their peak: how busy the L1/shared data path is",
     "l1tex__data_pipe_lsu_wavefronts.avg.pct_of_peak_sustained_elapsed / 100"},
    {"l2_frac", N, "fraction 0..1", "L2 sector throughput over its peak (L2 bandwidth in use)",
     "lts__t_sectors.avg.pct_of_peak_sustained_elapsed / 100"},
    {"local_inst_frac", N, "fraction 0..1",
     "local-memory load/store warp instructions per warp instruction (spills and stack arrays at "
     "run time)",
     "(smsp__inst_executed_op_local_ld.sum + smsp__inst_executed_op_local_st.sum) / "
     "smsp__inst_executed.sum"},
    {"smem_inst_frac", N, "fraction 0..1",
     "shared-memory load, store and LDGSTS warp instructions per warp instruction; each is one "
     "L1/shared data-pipe wavefront (plus its bank conflicts), so 4 x issue_frac x "
     "smem_inst_frac x (1 + bank_conflicts_per_request) is the shared accesses' share of that "
     "pipe's peak (four schedulers issue to one wavefront per SM clock)",
     "(smsp__inst_executed_op_shared_ld.sum + smsp__inst_executed_op_shared_st.sum + "
     "smsp__inst_executed_op_ldgsts.sum) / smsp__inst_executed.sum"},
    {"local_traffic_bytes", N, "bytes", "bytes moved by local-memory loads and stores through L1",
     "32 x (l1tex__t_sectors_pipe_lsu_mem_local_op_ld.sum + "
     "l1tex__t_sectors_pipe_lsu_mem_local_op_st.sum)"},
    {"atomic_inst_frac", N, "fraction 0..1",
     "atomic and reduction warp instructions (global and shared) per warp instruction",
     "(smsp__sass_inst_executed_op_global_atom.sum + smsp__sass_inst_executed_op_global_red.sum + "
     "smsp__sass_inst_executed_op_shared_atom.sum) / smsp__inst_executed.sum"},
    {"l2_atomic_requests", N, "requests",
     "atomic and reduction requests the L2 served (device memory); times "
     "chip.l2_atomic_serial_ns, the longest their queue can last (docs/rules.md)",
     "lts__t_requests_aperture_device_op_atom.sum + lts__t_requests_aperture_device_op_red.sum"},
    {"uses_cp_async", B, "bool",
     "the kernel copies global to shared memory asynchronously (cp.async / TMA)",
     "smsp__inst_executed_op_ldgsts.sum > 0, or TMA instructions > 0"},
    // --- compute ---
    {"compute_frac", N, "fraction 0..1",
     "SM throughput: the busiest SM sub-unit over its peak (compute speed-of-light)",
     "sm__throughput.avg.pct_of_peak_sustained_elapsed / 100"},
    {"flop_frac", N, "fraction 0..1",
     "achieved FLOP rate (problem FLOP formula / time_us) over the roof of the pipe it ran on: "
     "the FMA peak (SMs x FP32 lanes x 2 x clock) for FP32 on CUDA cores, the FP64 peak for "
     "fp64, the tensor peak for its dtype when tensor_active; never cuBLAS (see gemm_ref_ratio)",
     "derived: problem FLOPs, time_us, chips.yaml pipe table"},
    {"achieved_tflops", N, "TFLOP/s", "problem FLOP formula over time_us",
     "derived: problem FLOPs / time_us"},
    {"fma_frac", N, "fraction 0..1", "FMA pipe active cycles over peak",
     "sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_active / 100"},
    {"tensor_frac", N, "fraction 0..1", "tensor pipe active cycles over peak (HMMA, HGMMA, QGMMA)",
     "sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active / 100"},
    {"mma_in_code", B, "bool",
     "the variant's PTX holds tensor-core MMA instructions (wmma.mma, mma.sync, mma.sp, "
     "wgmma.mma_async, tcgen05.mma)",
     "static scan of the PTX NVRTC produced (generators/ptx_scan.h)"},
    {"tensor_active", B, "bool",
     "the kernel really uses tensor cores: its code holds MMA instructions and tensor "
     "instructions ran (the compiler's HFMA2.MMA constant moves also issue on the tensor pipe, "
     "so the counters alone cannot tell); without the code scan, the tensor pipe busy >= 2 % of "
     "peak",
     "mma_in_code and sm__inst_executed_pipe_tensor.sum > 0; without the code: "
     "sm__inst_executed_pipe_tensor.sum > 0 and sm__pipe_tensor_op_hmma_cycles_active >= 2 %, "
     "or tensor instructions >= 2 % of smsp__inst_executed.sum"},
    {"wgmma_active", B, "bool", "the kernel executed warpgroup MMA (wgmma, Hopper and later)",
     "wgmma.mma_async in the PTX and sm__inst_executed_pipe_tensor_op_gmma.sum > 0; without the "
     "code: gmma instructions / smsp__inst_executed.sum >= 0.02"},
    {"mbarrier_pipeline", B, "bool",
     "the kernel's stages hand off through mbarriers (a producer/consumer pipeline) rather than "
     "block-wide barriers alone",
     "mbarrier.try_wait / mbarrier.test_wait in the launched entry's PTX"},
    {"tma_copies", B, "bool",
     "the kernel fills shared memory through the bulk tensor copy engine (TMA: one thread's "
     "instruction per tile, from a tensor map) rather than per-thread cp.async or loads",
     "cp.async.bulk.tensor in the launched entry's PTX"},
    {"gemm_ref_ratio", N, "ratio",
     "achieved FLOP rate over the measured cuBLAS GEMM of the same path (SGEMM on CUDA cores, TF32 "
     "on "
     "tensor cores): how far a product is from the library's, not from the hardware roof (may "
     "exceed 1)",
     "derived: problem FLOPs, time_us, measured cuBLAS ceiling"},
    {"alu_frac", N, "fraction 0..1",
     "ALU pipe (integer, logic, compare, FP32 min/max) instructions over peak",
     "sm__inst_executed_pipe_alu.avg.pct_of_peak_sustained_active / 100"},
    {"fp64_frac", N, "fraction 0..1", "FP64 pipe active cycles over peak",
     "sm__pipe_fp64_cycles_active.avg.pct_of_peak_sustained_active / 100"},
    {"xu_frac", N, "fraction 0..1",
     "XU (SFU: transcendentals, conversions, reciprocal) instructions over the pipe's peak",
     "sm__inst_executed_pipe_xu.avg.pct_of_peak_sustained_active / 100"},
    {"lsu_frac", N, "fraction 0..1",
     "LSU pipe (loads, stores, shared, atomics) instructions over peak",
     "sm__inst_executed_pipe_lsu.avg.pct_of_peak_sustained_active / 100"},
    {"uniform_frac", N, "fraction 0..1",
     "uniform datapath pipe (per-warp scalar work: uniform registers, address bases) "
     "instructions over peak",
     "sm__inst_executed_pipe_uniform.avg.pct_of_peak_sustained_active / 100"},
    {"pipe_top", S, "string",
     "the busiest pipe among those measured: fma, alu, fp64, xu, tensor, lsu, uniform",
     "derived: argmax of fma_frac alu_frac fp64_frac xu_frac tensor_frac lsu_frac uniform_frac"},
    {"pipe_top_frac", N, "fraction 0..1", "how busy pipe_top is, over its peak",
     "derived: max of the pipe shares"},
    {"const_miss_frac", N, "fraction 0..1",
     "constant-cache (IDC) lookups that missed: __constant__ data streamed from L2",
     "idc__requests_lookup_miss.sum / idc__requests.sum"},
    {"const_replay_frac", N, "fraction 0..1",
     "constant-cache replays per warp instruction: lanes of a warp that read different "
     "__constant__ addresses serialise, one replay per extra address",
     "sm__idc_divergent_instruction_replays.sum / smsp__inst_executed.sum"},
    {"gemm_loop", B, "bool",
     "the launched entry's code has a matrix-product loop: a loop whose body loads from two "
     "different address streams and accumulates FMAs or MMAs into a register carried around it",
     "static scan of the launched .entry of the PTX (generators/ptx_scan.h)"},
    {"load_chain", N, "count",
     "loads in the launched entries' loops whose address (global or generic) waits on the value "
     "they returned on an earlier trip (a pointer chase, a binary search): each thread's loads "
     "of that loop run one at a time; 0 where the code has none; absent where the scan declined a "
     "launched entry too large to scan (over 10 M loop statements; `problems check` says so)",
     "static scan of the launched .entry of the PTX (generators/ptx_load_chain.h)"},
    {"code_contiguous_access_frac", N, "fraction 0..1",
     "share of the launched entries' global loads and stores (each weighted 8^loop depth) whose "
     "address moves by at most 16 bytes from one lane to the next (a unit-stride stream, a "
     "broadcast, a thread's run of up to 16 bytes): the layout wastes no sector there",
     "static affine scan of the launched .entry of the PTX (generators/ptx_lane_stride.h)"},
    {"code_strided_access_frac", N, "fraction 0..1",
     "share of the launched entries' global loads and stores (weighted the same way) whose "
     "address moves by over 16 bytes, or by a runtime pitch, from one lane to the next (a column "
     "walk, a naive transpose's write); the rest are not affine in the lane (a gather)",
     "static affine scan of the launched .entry of the PTX (generators/ptx_lane_stride.h)"},
    {"code_store_fill_frac", N, "fraction 0..1",
     "share of the launched entries' global stores (weighted the same way) whose lanes fill the "
     "sectors they write together: a lane-varying address, adjacent lanes no further apart than "
     "the access width or the thread's run of bytes; a single result per block or lane group "
     "writes a partial sector nothing fills",
     "static affine scan of the launched .entry of the PTX (generators/ptx_lane_stride.h)"},
    {"code_index_load_frac", N, "fraction 0..1",
     "share of the launched entries' global loads and stores (weighted the same way) that are "
     "lane-contiguous loads whose value feeds the address of a global access through arithmetic "
     "(an index read before the gather it steers): the first link of an index -> gather "
     "dependence, not a stream's load; at most code_contiguous_access_frac",
     "static affine scan of the launched .entry of the PTX (generators/ptx_lane_stride.h)"},
    {"code_guard_lanes", N, "threads",
     "threads of a block's x dimension that a leading test of threadIdx.x against a constant "
     "lets past to the launched entries' work, the rest sent to the exit before any: 1 for "
     "`if (threadIdx.x != 0) return;` (a one-thread block's work in a whole-warp block); "
     "missing where an entry has no such test",
     "static scan of the launched .entry of the PTX (generators/ptx_lane_guard.h)"},
    {"threads_per_inst", N, "threads 0..32", "active threads per executed warp instruction",
     "smsp__thread_inst_executed.sum / smsp__inst_executed.sum"},
    {"warp_efficiency", N, "fraction 0..1",
     "threads_per_inst / 32: under 1 when branches diverge (or a block is not a multiple of 32)",
     "smsp__thread_inst_executed.sum / (32 x smsp__inst_executed.sum)"},
    // --- warp stalls: share of active warp-cycles a warp spent stalled for one reason; with
    // the issuing (selected) cycles they sum to 1 ---
    {"stall_long_scoreboard", N, "fraction 0..1",
     "stalled waiting on a global/local memory (L1TEX) result: memory latency",
     "smsp__warps_issue_stalled_long_scoreboard.sum / smsp__warps_active.sum"},
    {"stall_short_scoreboard", N, "fraction 0..1",
     "stalled waiting on a shared-memory or XU/MIO result",
     "smsp__warps_issue_stalled_short_scoreboard.sum / smsp__warps_active.sum"},
    {"stall_mio_throttle", N, "fraction 0..1",
     "stalled because the MIO queue (shared memory, special math) is full",
     "smsp__warps_issue_stalled_mio_throttle.sum / smsp__warps_active.sum"},
    {"stall_barrier", N, "fraction 0..1",
     "stalled at a block barrier (__syncthreads) waiting for siblings",
     "smsp__warps_issue_stalled_barrier.sum / smsp__warps_active.sum"},
    {"stall_membar", N, "fraction 0..1", "stalled at a memory barrier (__threadfence)",
     "smsp__warps_issue_stalled_membar.sum / smsp__warps_active.sum"},
    {"stall_lg_throttle", N, "fraction 0..1",
     "stalled because the local/global memory instruction queue is full",
     "smsp__warps_issue_stalled_lg_throttle.sum / smsp__warps_active.sum"},
    {"stall_math_pipe_throttle", N, "fraction 0..1",
     "stalled because the math pipe it needs is busy (a compute pipe at its throughput)",
     "smsp__warps_issue_stalled_math_pipe_throttle.sum / smsp__warps_active.sum"},
    {"stall_wait", N, "fraction 0..1", "stalled on a fixed-latency dependency (ALU/FMA result)",
     "smsp__warps_issue_stalled_wait.sum / smsp__warps_active.sum"},
    {"stall_not_selected", N, "fraction 0..1",
     "ready but another warp was picked: the scheduler has more ready warps than it can issue",
     "smsp__warps_issue_stalled_not_selected.sum / smsp__warps_active.sum"},
    {"stall_branch_resolving", N, "fraction 0..1",
     "stalled waiting for a branch target to be computed or the warp's active mask to settle",
     "smsp__warps_issue_stalled_branch_resolving.sum / smsp__warps_active.sum"},
    {"stall_dispatch_stall", N, "fraction 0..1",
     "stalled because the dispatcher could not issue the selected instruction (pipe conflict)",
     "smsp__warps_issue_stalled_dispatch_stall.sum / smsp__warps_active.sum"},
    {"stall_drain", N, "fraction 0..1", "stalled at exit waiting for its memory stores to drain",
     "smsp__warps_issue_stalled_drain.sum / smsp__warps_active.sum"},
    {"stall_imc_miss", N, "fraction 0..1",
     "stalled on an immediate-constant cache miss: __constant__ data not in the constant cache, "
     "or lanes reading different constant addresses (serialised)",
     "smsp__warps_issue_stalled_imc_miss.sum / smsp__warps_active.sum"},
    {"stall_no_instruction", N, "fraction 0..1",
     "stalled because no instruction was fetched: instruction-cache misses (code too large or "
     "too many kernels competing), or a branch target not yet fetched",
     "smsp__warps_issue_stalled_no_instruction.sum / smsp__warps_active.sum"},
    {"stall_selected", N, "fraction 0..1", "issuing: the warp was selected and issued",
     "smsp__warps_issue_stalled_selected.sum / smsp__warps_active.sum"},
    {"stall_sleeping", N, "fraction 0..1", "sleeping (nanosleep, or all lanes yielded)",
     "smsp__warps_issue_stalled_sleeping.sum / smsp__warps_active.sum"},
    {"stall_tex_throttle", N, "fraction 0..1", "stalled because the texture / L1TEX queue is full",
     "smsp__warps_issue_stalled_tex_throttle.sum / smsp__warps_active.sum"},
    {"stall_gmma", N, "fraction 0..1", "stalled waiting on warpgroup MMA (wgmma) to complete",
     "smsp__warps_issue_stalled_gmma.sum / smsp__warps_active.sum"},
    {"stall_misc", N, "fraction 0..1", "stalled for a reason the hardware groups as misc",
     "smsp__warps_issue_stalled_misc.sum / smsp__warps_active.sum"},
    {"stall_top", S, "string",
     "the stall reason (name without stall_) that takes the largest share of warp-cycles, among "
     "those measured: the time account's largest item",
     "derived: argmax of the stall_* shares"},
    {"stall_top_frac", N, "fraction 0..1", "the share of warp-cycles of stall_top",
     "derived: max of the stall_* shares"},
    {"issue_frac", N, "fraction 0..1",
     "cycles in which a warp scheduler issued an instruction, over active cycles",
     "smsp__issue_active.avg.pct_of_peak_sustained_active / 100"},
    {"arith_intensity", N, "FLOP/byte", "problem FLOPs per DRAM byte of the problem formulas",
     "derived: problem FLOP formula / byte formula"},
    {"dtype", S, "string", "precision the kernel computes in: fp64 fp32 tf32 fp16 bf16 fp8 int8",
     "problem spec (variant dtype)"},
    // --- occupancy and resources ---
    {"occupancy", N, "fraction 0..1", "achieved active warps per SM over the SM's maximum",
     "sm__warps_active.avg.pct_of_peak_sustained_active / 100"},
    {"theoretical_occupancy", N, "fraction 0..1",
     "warps per SM the launch configuration allows over the SM's maximum",
     "cuOccupancyMaxActiveBlocksPerMultiprocessor x warps per block / max warps per SM"},
    {"occupancy_limiter", S, "string",
     "what caps theoretical occupancy: registers, smem, blocks or warps",
     "derived from cuFuncGetAttribute and device limits"},
    {"sm_active_frac", N, "fraction 0..1",
     "share of the kernel's elapsed SM cycles in which an SM had a warp resident (idle SMs lower "
     "it)",
     "sm__cycles_active.avg.pct_of_peak_sustained_elapsed / 100"},
    {"regs_per_thread", N, "registers", "registers allocated per thread",
     "CUPTI activity record / CU_FUNC_ATTRIBUTE_NUM_REGS"},
    {"smem_per_block", N, "bytes", "static plus dynamic shared memory per block",
     "CUPTI activity record / CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES + dynamic"},
    {"local_bytes", N, "bytes",
     "local memory per thread: register spills and stack arrays (0 = no spills)",
     "CUPTI activity record / CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES"},
    {"block_threads", N, "threads", "threads per block", "CUPTI activity record"},
    {"grid_blocks", N, "blocks", "blocks per grid", "CUPTI activity record"},
    {"blocks_per_sm", N, "blocks", "blocks one SM can hold at once for this launch",
     "cuOccupancyMaxActiveBlocksPerMultiprocessor"},
    {"waves", N, "waves",
     "grid_blocks over (blocks_per_sm x SM count); under 1 the grid cannot fill the GPU's block "
     "slots",
     "derived: grid_blocks, blocks_per_sm, chip SM count"},
    {"tail_idle_frac", N, "fraction 0..1",
     "share of the block slots of the kernel's waves left empty by its last, partial wave: "
     "(ceil(waves) - waves) / ceil(waves), the SM time a tail wave wastes when blocks take equal "
     "time (0 for whole waves)",
     "derived: waves"},
    {"last_wave_fill", N, "fraction 0..1",
     "how full the last wave is: waves - floor(waves), 1 for a whole number of waves",
     "derived: waves"},
    {"sm_clock_mhz", N, "MHz", "SM clock while the kernel ran under the profiler",
     "sm__cycles_elapsed.avg.per_second / 1e6"},
    {"inst_executed", N, "instructions", "warp instructions executed", "smsp__inst_executed.sum"},
    {"problem_flops", N, "FLOP", "FLOPs of one run by the problem's FLOP formula", "problem spec"},
    {"problem_bytes", N, "bytes", "compulsory DRAM bytes of one run by the problem's byte formula",
     "problem spec"},
    // PC sampling (profiling/pc_signals.h, docs/pc_sampling.md): absent where the profile took
    // no samples (turned off, unsupported, a recording made before issue 31).
    {"pc_samples", N, "samples", "PC samples of the dominant launch (one sampled run)",
     "CUPTI PC sampling: cuptiPCSamplingGetData, the dominant launch's function"},
    {"pc_top_line_share", N, "fraction 0..1",
     "share of the dominant launch's PC samples on its hottest source line",
     "derived: PC sampling per line (line-info compile)"},
    {"pc_top_stall_line_share", N, "fraction 0..1",
     "share of the kernel's most sampled stall reason (issued samples excluded) on the line "
     "that holds most of it",
     "derived: PC sampling per line and stall reason"},
    {"stall_long_scoreboard_top_line_share", N, "fraction 0..1",
     "share of the long_scoreboard PC samples (waiting on a global/local memory load's result "
     "(L1TEX)) on the one line holding most",
     "derived: PC sampling per line and stall reason"},
    {"stall_short_scoreboard_top_line_share", N, "fraction 0..1",
     "share of the short_scoreboard PC samples (waiting on a shared-memory or MIO result) on the "
     "one line holding most",
     "derived: PC sampling per line and stall reason"},
    {"stall_mio_throttle_top_line_share", N, "fraction 0..1",
     "share of the mio_throttle PC samples (waiting on the MIO queue (shared memory, special "
     "math)) on the one line holding most",
     "derived: PC sampling per line and stall reason"},
    {"stall_lg_throttle_top_line_share", N, "fraction 0..1",
     "share of the lg_throttle PC samples (waiting on the local/global memory queue) on the one "
     "line holding most",
     "derived: PC sampling per line and stall reason"},
    {"stall_barrier_top_line_share", N, "fraction 0..1",
     "share of the barrier PC samples (waiting on a __syncthreads barrier) on the one line holding "
     "most",
     "derived: PC sampling per line and stall reason"},
    {"stall_membar_top_line_share", N, "fraction 0..1",
     "share of the membar PC samples (waiting on a memory fence) on the one line holding most",
     "derived: PC sampling per line and stall reason"},
    {"stall_math_pipe_throttle_top_line_share", N, "fraction 0..1",
     "share of the math_pipe_throttle PC samples (waiting on a busy math pipe) on the one line "
     "holding most",
     "derived: PC sampling per line and stall reason"},
    {"stall_wait_top_line_share", N, "fraction 0..1",
     "share of the wait PC samples (waiting on a fixed-latency dependency) on the one line holding "
     "most",
     "derived: PC sampling per line and stall reason"},
    {"stall_tex_throttle_top_line_share", N, "fraction 0..1",
     "share of the tex_throttle PC samples (waiting on the texture pipe) on the one line holding "
     "most",
     "derived: PC sampling per line and stall reason"},
    {"stall_gmma_top_line_share", N, "fraction 0..1",
     "share of the gmma PC samples (waiting on a warpgroup MMA (wgmma)) on the one line holding "
     "most",
     "derived: PC sampling per line and stall reason"},
    {"stall_no_instruction_top_line_share", N, "fraction 0..1",
     "share of the no_instruction PC samples (waiting on an instruction fetch) on the one line "
     "holding most",
     "derived: PC sampling per line and stall reason"},
    {"stall_branch_resolving_top_line_share", N, "fraction 0..1",
     "share of the branch_resolving PC samples (waiting on a branch target) on the one line "
     "holding most",
     "derived: PC sampling per line and stall reason"},
    {"stall_not_selected_top_line_share", N, "fraction 0..1",
     "share of the not_selected PC samples (waiting on the scheduler picking another warp) on the "
     "one line holding most",
     "derived: PC sampling per line and stall reason"},
    {"stall_selected_top_line_share", N, "fraction 0..1",
     "share of the selected PC samples (the warp issued: not a stall) on the one line holding most",
     "derived: PC sampling per line and stall reason"},
    {"stall_dispatch_stall_top_line_share", N, "fraction 0..1",
     "share of the dispatch_stall PC samples (waiting on the dispatcher) on the one line holding "
     "most",
     "derived: PC sampling per line and stall reason"},
    {"stall_drain_top_line_share", N, "fraction 0..1",
     "share of the drain PC samples (waiting on memory stores draining at exit) on the one line "
     "holding most",
     "derived: PC sampling per line and stall reason"},
    {"stall_imc_miss_top_line_share", N, "fraction 0..1",
     "share of the imc_miss PC samples (waiting on an immediate-constant cache miss) on the one "
     "line holding most",
     "derived: PC sampling per line and stall reason"},
    {"stall_sleeping_top_line_share", N, "fraction 0..1",
     "share of the sleeping PC samples (waiting on a sleeping warp (nanosleep)) on the one line "
     "holding most",
     "derived: PC sampling per line and stall reason"},
    {"stall_misc_top_line_share", N, "fraction 0..1",
     "share of the misc PC samples (waiting on a reason the hardware groups as misc) on the one "
     "line holding most",
     "derived: PC sampling per line and stall reason"},
});

// Name-sorted index, so bind_slots can merge-join a SignalSet (a sorted map) in one pass.
struct ByName {
  std::array<std::pair<std::string_view, int>, kSignals.size()> rows{};
  constexpr ByName() {
    for (std::size_t i = 0; i < kSignals.size(); ++i) rows[i] = {kSignals[i].name, int(i)};
    std::sort(rows.begin(), rows.end());
  }
};
const ByName kByName;

}  // namespace

std::span<const SignalDef> signal_table() { return kSignals; }

std::optional<std::pair<double, double>> signal_range(const SignalDef& s) {
  if (s.type != ValueType::Number) return std::nullopt;
  // "fraction 0..1", "percent 0..100", "threads 0..32": the last word is lo..hi.
  auto sp = s.unit.rfind(' ');
  std::string_view last = sp == std::string_view::npos ? s.unit : s.unit.substr(sp + 1);
  auto dots = last.find("..");
  if (dots != std::string_view::npos) {
    std::string lo(last.substr(0, dots)), hi(last.substr(dots + 2));
    return std::pair{std::stod(lo), std::stod(hi)};
  }
  // Every other number in the vocabulary is a count, a size, a time or a rate.
  return std::pair{0.0, std::numeric_limits<double>::infinity()};
}

std::optional<std::string> signal_value_problem(const SignalDef& s, double v) {
  auto range = signal_range(s);
  if (!range) return std::nullopt;
  auto [lo, hi] = *range;
  const double tol = std::isfinite(hi) ? 0.005 * (hi - lo) : 1e-9;
  if (std::isfinite(v) && v >= lo - tol && v <= hi + tol) return std::nullopt;
  auto text = [](double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", x);
    return std::string(buf);
  };
  return text(v) + " lies outside " + text(lo) + ".." + (std::isfinite(hi) ? text(hi) : "inf") +
         " (" + std::string(s.unit) + ")";
}

std::optional<int> signal_index(std::string_view name) {
  auto it = std::lower_bound(kByName.rows.begin(), kByName.rows.end(), name,
                             [](const auto& row, std::string_view n) { return row.first < n; });
  if (it == kByName.rows.end() || it->first != name) return std::nullopt;
  return it->second;
}

std::span<const std::pair<std::string_view, int>> signal_index_by_name() { return kByName.rows; }

const Value& SignalSet::get(std::string_view name) const {
  static const Value kMissing;
  auto it = values.find(name);
  return it == values.end() ? kMissing : it->second;
}

std::string signals_markdown() {
  std::string out = "| signal | type | unit | meaning | source |\n|---|---|---|---|---|\n";
  for (const auto& s : kSignals) {
    out += "| `" + std::string(s.name) + "` | " + to_string(s.type) + " | " + std::string(s.unit) +
           " | " + std::string(s.meaning) + " | " + std::string(s.source) + " |\n";
  }
  return out;
}

}  // namespace solver::rules
