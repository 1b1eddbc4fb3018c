#include "rules/hypotheses.h"

#include <algorithm>
#include <array>

namespace solver::rules {
namespace {

constexpr std::array<HypothesisDef, 18> kHypotheses{{
    {"coalesce_global_access", "make a warp's global loads/stores touch consecutive addresses"},
    {"vectorize_loads", "move 16 bytes per thread per access (float4 / 128-bit loads and stores)"},
    {"add_smem_tiling", "stage reused tiles in shared memory so each global byte is read once per block"},
    {"register_tiling", "compute several outputs per thread from registers (register blocking)"},
    {"increase_ilp", "give each thread more independent work in flight (unrolling, several accumulators)"},
    {"async_copy_pipeline", "overlap global->shared copies with compute (cp.async, multi-stage buffers)"},
    {"use_tensor_cores_tf32", "run FP32 products on tensor cores in TF32 (WMMA / mma.sync)"},
    {"use_tensor_cores_bf16", "run products on tensor cores in BF16/FP16 where the tolerance allows"},
    {"use_wgmma", "use Hopper warpgroup MMA (wgmma) with shared-memory operands"},
    {"fix_bank_conflicts", "pad or swizzle shared-memory arrays so a warp hits 32 distinct banks"},
    {"reduce_register_pressure", "cut registers per thread (launch bounds, smaller tiles) to stop spills / raise occupancy"},
    {"fuse_kernels", "fuse passes or kernels so intermediates skip device memory"},
    {"reduce_launch_overhead", "fewer, larger launches (persistent kernel, batching, graphs)"},
    {"increase_parallelism", "more blocks so the grid fills every SM (split the work, split-K)"},
    {"use_warp_shuffle", "reduce within a warp with shuffles instead of shared memory and barriers"},
    {"tune_block_size", "move the block-size / tile knobs to a better point"},
    {"stop_at_ceiling", "the kernel is at a hardware ceiling: stop optimising it"},
    {"skip_low_weight", "the kernel's share of the problem's time is too small to be worth a round"},
}};

}  // namespace

std::span<const HypothesisDef> hypothesis_table() { return kHypotheses; }

bool is_known_hypothesis(std::string_view id) {
  return std::any_of(kHypotheses.begin(), kHypotheses.end(),
                     [&](const HypothesisDef& h) { return h.id == id; });
}

}  // namespace solver::rules
