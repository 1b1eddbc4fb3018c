#include "rules/hypotheses.h"

#include "rules/diagnostics.h"

#include <algorithm>
#include <array>

namespace solver::rules {
namespace {

constexpr auto kHypotheses = std::to_array<HypothesisDef>({
    {"coalesce_global_access", "make a warp's global loads/stores touch consecutive addresses",
     "load_eff sectors_per_request dram_frac l2_hit"},
    {"vectorize_loads", "move 16 bytes per thread per access (float4 / 128-bit loads and stores)",
     "dram_frac load_eff sectors_per_request issue_frac"},
    {"add_smem_tiling",
     "stage reused tiles in shared memory so each global byte is read once per block",
     "l2_hit dram_frac load_eff flop_frac arith_intensity"},
    {"register_tiling", "compute several outputs per thread from registers (register blocking)",
     "fma_frac flop_frac issue_frac arith_intensity"},
    {"increase_ilp",
     "give each thread more independent work in flight (unrolling, several accumulators)",
     "issue_frac occupancy dram_frac flop_frac"},
    {"async_copy_pipeline",
     "overlap global->shared copies with compute (cp.async, multi-stage buffers)",
     "flop_frac dram_frac issue_frac occupancy"},
    {"use_tensor_cores_tf32", "run FP32 products on tensor cores in TF32 (WMMA / mma.sync)",
     "fma_frac flop_frac tensor_frac arith_intensity"},
    {"use_tensor_cores_bf16",
     "run products on tensor cores in BF16/FP16 where the tolerance allows",
     "fma_frac flop_frac tensor_frac arith_intensity"},
    {"use_wgmma", "use Hopper warpgroup MMA (wgmma) with shared-memory operands",
     "tensor_frac flop_frac arith_intensity"},
    {"warp_specialize",
     "split warps into producers that stream operand stages through a multi-stage mbarrier ring "
     "and "
     "consumer warpgroups that only issue MMAs, so copies overlap the tensor cores without block "
     "barriers",
     "tensor_frac flop_frac stall_barrier"},
    {"use_tma",
     "stage operands with the bulk tensor copy engine (TMA, cp.async.bulk.tensor from a tensor "
     "map, swizzled): one producer thread per stage instead of a warpgroup of per-thread copies",
     "tensor_frac flop_frac stall_barrier issue_frac"},
    {"fewer_shared_wavefronts",
     "cut the shared-memory wavefronts per result: keep reused values in registers (register "
     "tiling), read 8-16 bytes per lane per access (wider shared loads), let lanes share one "
     "word (broadcast, warp shuffles)",
     "smem_inst_frac l1_frac lsu_frac stall_mio_throttle issue_frac"},
    {"fix_bank_conflicts", "pad or swizzle shared-memory arrays so a warp hits 32 distinct banks",
     "bank_conflicts_per_request issue_frac"},
    {"reduce_register_pressure",
     "cut registers per thread (launch bounds, smaller tiles) to stop spills / raise occupancy",
     "occupancy theoretical_occupancy"},
    {"fuse_kernels", "fuse passes or kernels so intermediates skip device memory",
     "launch_gap_frac dram_frac"},
    {"reduce_launch_overhead", "fewer, larger launches (persistent kernel, batching, graphs)",
     "launch_gap_frac"},
    {"increase_parallelism", "more blocks so the grid fills every SM (split the work, split-K)",
     "waves occupancy dram_frac"},
    {"use_warp_shuffle", "reduce within a warp with shuffles instead of shared memory and barriers",
     "issue_frac bank_conflicts_per_request occupancy"},
    {"tune_block_size", "move the block-size / tile knobs to a better point",
     "occupancy theoretical_occupancy waves"},
    {"stop_at_ceiling", "the kernel is at a hardware ceiling: stop optimising it",
     "dram_frac flop_frac compute_frac"},
    {"skip_low_weight", "the kernel's share of the problem's time is too small to be worth a round",
     "weight"},
    {"reduce_atomic_contention",
     "privatise the atomics: accumulate per thread / warp / block in registers or shared memory "
     "and issue one atomic per block (or a reduction tree)",
     "atomic_inst_frac l2_atomic_requests stall_long_scoreboard stall_lg_throttle issue_frac"},
    {"reduce_divergence",
     "keep a warp's threads on one path: sort or bin the work, hoist the branch, make it "
     "branch-free",
     "warp_efficiency threads_per_inst issue_frac"},
    {"reduce_barrier_stalls",
     "fewer or cheaper block-wide barriers: warp-level synchronisation, more work per barrier, "
     "double-buffered shared memory",
     "stall_barrier issue_frac occupancy"},
    {"use_fast_math",
     "take transcendentals off the XU pipe: hardware intrinsics (__expf, __sinf), fewer calls, "
     "algebraic rewrites, or FMA-pipe polynomials",
     "xu_frac stall_math_pipe_throttle issue_frac"},
    {"reduce_instruction_count",
     "fewer instructions per result: constants the ISA can carry as immediates or hoisted into "
     "registers, wider loads and stores, index arithmetic strength-reduced out of the loop",
     "issue_frac inst_executed fma_frac fp64_frac alu_frac"},
    {"stage_constants_in_smem",
     "read a per-lane-indexed lookup table from shared memory (or registers) instead of "
     "__constant__, where lanes reading different addresses serialise",
     "stall_imc_miss const_replay_frac const_miss_frac"},
    {"balance_waves",
     "size the grid to whole waves (block size, work per block, or a persistent grid-stride "
     "loop) so the last wave does not leave most SMs idle",
     "tail_idle_frac waves last_wave_fill"},
    {"shrink_code",
     "smaller hot code: less unrolling or inlining, fewer template instances in one kernel, so "
     "the loop fits the instruction cache",
     "stall_no_instruction inst_executed"},
    {"relax_memory_order",
     "fewer or weaker memory fences: one fence per batch of writes instead of one per element, "
     "release/acquire or relaxed order where the algorithm needs no more (a histogram's counts "
     "need none), or per-block privatisation that leaves one ordered write per block",
     "stall_membar stall_drain issue_frac"},
    {"balance_work",
     "even out the work per thread, warp and block: split long work items (a warp or block per "
     "long row: CSR-vector, CSR-adaptive, merge-path), bin items by size, or take work from a "
     "dynamic queue, so no SM idles while a few run long",
     "sm_active_frac tail_idle_frac occupancy warp_efficiency"},
    {"remove_spin_wait",
     "do not wait on another thread: replace a lock by atomics on the data (two atomics, or the "
     "fields packed into one 64-bit atomic), privatise what it guards, or replace a chain of "
     "blocks waiting on their predecessor's flag by a decoupled look-back over several "
     "predecessors",
     "atomic_inst_frac l2_atomic_requests stall_sleeping stall_barrier issue_frac"},
    {"explain_stall",
     "no rewrite is known for the cost: find the code the largest stall points at (the PC "
     "samples' line per stall reason) before changing anything",
     "stall_top_frac issue_frac"},
});

}  // namespace

const HypothesisDef* find_hypothesis(std::string_view id) {
  for (const auto& h : kHypotheses)
    if (h.id == id) return &h;
  return nullptr;
}

std::vector<std::string_view> hypothesis_evidence(std::string_view id) {
  std::vector<std::string_view> out;
  const HypothesisDef* h = find_hypothesis(id);
  if (!h) return out;
  std::string_view rest = h->evidence;
  while (!rest.empty()) {
    auto sp = rest.find(' ');
    if (sp != 0) out.push_back(rest.substr(0, sp));
    if (sp == std::string_view::npos) break;
    rest.remove_prefix(sp + 1);
  }
  return out;
}

std::span<const HypothesisDef> hypothesis_table() { return kHypotheses; }

bool is_known_hypothesis(std::string_view id) { return find_hypothesis(id) != nullptr; }

std::string unknown_hypothesis_hint(std::string_view wrong) {
  std::string_view best;
  std::size_t best_d = wrong.size() / 3 + 1;
  std::string known;
  for (const auto& h : kHypotheses) {
    if (std::size_t d = edit_distance(wrong, h.id); d <= best_d) best_d = d, best = h.id;
    known += (known.empty() ? "" : ", ") + std::string(h.id);
  }
  return (best.empty() ? std::string() : " (did you mean '" + std::string(best) + "'?)") +
         "; known hypotheses: " + known + " (`solver hypotheses` describes each)";
}

}  // namespace solver::rules
