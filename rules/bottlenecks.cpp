#include "rules/bottlenecks.h"

#include <algorithm>
#include <array>

namespace solver::rules {
namespace {

// Ordered roughly as a profile is read: memory system, compute pipes, code structure,
// latency and occupancy, whole-program, then the two verdicts that are not faults.
constexpr std::array<BottleneckDef, 33> kBottlenecks{{
    {"dram_bandwidth", "useful bytes stream from device memory near its bandwidth ceiling"},
    {"dram_near_roof",
     "memory-bound short of the roof by bytes in flight: useful, coalesced bytes stream at 75-90 % "
     "of the DRAM ceiling, or further below it when each thread keeps too few narrow loads "
     "outstanding; what is left is bytes in flight, not a wasteful access pattern"},
    {"uncoalesced",
     "a warp's global accesses touch many sectors per request, wasting the bytes moved"},
    {"cache_resident_reuse",
     "data is re-read from L1/L2 rather than kept in registers or shared memory; DRAM is not the "
     "limit"},
    {"l2_bandwidth", "the working set lives in L2 and L2 throughput, not DRAM, is saturated"},
    {"fp32_compute", "the FP32 FMA/ALU pipes are busy with non-GEMM arithmetic"},
    {"fp64_compute", "the FP64 pipe is saturated"},
    {"xu_compute", "transcendentals (sin, exp, rsqrt, ...) saturate the XU/SFU pipe"},
    {"alu_compute",
     "integer, logic and compare work saturates the ALU pipe (bit manipulation, hashing, "
     "index arithmetic)"},
    {"constant_cache",
     "lanes of a warp read different __constant__ addresses (or miss the constant cache), so "
     "constant loads serialise"},
    {"naive_gemm", "a matrix product on CUDA cores with no register or shared-memory tiling"},
    {"tensor_gemm_unstaged",
     "tensor-core product fed straight from global memory, no shared-memory staging"},
    {"tensor_gemm_not_wgmma",
     "staged tensor-core product that does not use Hopper warpgroup MMA (wgmma)"},
    {"tensor_gemm_unpipelined",
     "warpgroup-MMA product whose operand copies and MMAs take turns behind block barriers (no "
     "producer/consumer pipeline)"},
    {"tensor_gemm_thread_copies",
     "pipelined warpgroup-MMA product whose producer warps copy every 16-byte chunk themselves "
     "(cp.async), so its registers and issue slots, not the copy engine, pace the consumers"},
    {"bank_conflicts", "shared-memory accesses of a warp collide on banks and serialise"},
    {"shared_data_pipe",
     "the L1/shared-memory data pipe (LSU/MIO) is the roof: conflict-free shared-memory accesses "
     "fill its one wavefront per SM clock while DRAM and L2 idle; fewer wavefronts per result "
     "(register tiling, wider or broadcast loads) is the lever"},
    {"register_spills",
     "registers spill to local memory and the spill traffic sits in the hot loop"},
    {"small_grid", "too few blocks to give every SM work"},
    {"tail_effect",
     "wave quantisation: the last wave of blocks fills few SMs, so much of the GPU idles while "
     "it runs"},
    {"instruction_fetch",
     "warps wait for instructions to be fetched: the code does not fit the instruction cache"},
    {"dependent_load_latency",
     "each load waits on the previous one (pointer chase): memory latency, not bandwidth"},
    {"atomic_contention", "atomics on few addresses serialise in L2"},
    {"register_limited_occupancy",
     "registers per thread cap resident warps too low to hide latency"},
    {"smem_limited_occupancy",
     "shared memory per block caps resident warps too low to hide latency"},
    {"warp_divergence",
     "threads of a warp take different paths, so most lanes idle per instruction"},
    {"barrier_bound", "warps spend their time waiting at __syncthreads"},
    {"launch_overhead", "the GPU idles between many short launches: launch cost, not any kernel"},
    {"low_ilp",
     "each warp's instructions wait on their predecessors and there are too few warps to cover it"},
    {"issue_bound",
     "the schedulers issue nearly every cycle but no pipe is near its roof: the instruction "
     "count, not a unit's throughput, is the limit"},
    {"at_ceiling", "the kernel already runs at a hardware roof; no rewrite of it helps"},
    {"unexplained",
     "no rule explains the kernel's time: the verdict names the largest stall and the busiest "
     "pipe instead of a class"},
    {"low_weight", "the kernel is too small a share of the problem's time to matter"},
}};

}  // namespace

std::span<const BottleneckDef> bottleneck_table() { return kBottlenecks; }

bool is_known_bottleneck(std::string_view id) {
  return std::any_of(kBottlenecks.begin(), kBottlenecks.end(),
                     [&](const BottleneckDef& d) { return d.id == id; });
}

std::string known_bottlenecks_list() {
  std::string out;
  for (const auto& d : kBottlenecks) {
    if (!out.empty()) out += ", ";
    out += d.id;
  }
  return out;
}

}  // namespace solver::rules
