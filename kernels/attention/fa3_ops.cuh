// Hopper (sm_90a) helpers of the warp-specialised FlashAttention-3-style kernel
// (problems/attention_bf16 fa3p): the rank-4 TMA tile load ([B, H, S, D] tensors addressed by
// (d, s, h, b)), named barriers for the two consumer warpgroups' ping-pong, and the register
// reallocation of the producer and consumer roles. Include after wgmma_bf16_ops.cuh (TensorMap,
// smem_u32).
#pragma once
#include <cuda/std/cstdint>

// One box of a rank-4 `map` at element coordinates (c0 innermost, ..., c3 outermost) into shared
// memory at `dst` (1024-aligned for the 128-byte swizzle), completing on `bar`.
__device__ __forceinline__ void tma_load_4d(cuda::std::uint32_t dst, const TensorMap* map, int c0,
                                            int c1, int c2, int c3, cuda::std::uint64_t* bar) {
  asm volatile(
      "cp.async.bulk.tensor.4d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
      " [%0], [%1, {%2, %3, %4, %5}], [%6];\n" ::"r"(dst),
      "l"(reinterpret_cast<cuda::std::uint64_t>(map)), "r"(c0), "r"(c1), "r"(c2), "r"(c3),
      "r"(smem_u32(bar))
      : "memory");
}

// Named barrier `id` (1..15; 0 is __syncthreads') over `n` threads: wait for the phase, or only
// count this warp in it and run on.
__device__ __forceinline__ void named_sync(int id, int n) {
  asm volatile("bar.sync %0, %1;\n" ::"r"(id), "r"(n) : "memory");
}
__device__ __forceinline__ void named_arrive(int id, int n) {
  asm volatile("bar.arrive %0, %1;\n" ::"r"(id), "r"(n) : "memory");
}

// Register reallocation between warpgroup roles (needs a register cap at entry:
// __launch_bounds__(threads, 1)); N a multiple of 8 in 24..256.
template <int N>
__device__ __forceinline__ void regs_dec() {
  asm volatile("setmaxnreg.dec.sync.aligned.u32 %0;\n" ::"n"(N));
}
template <int N>
__device__ __forceinline__ void regs_inc() {
  asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;\n" ::"n"(N));
}

// mbarrier arrival by the threads where `pred` holds, as one predicated instruction (no branch:
// a divergent branch between a warpgroup MMA and its wait makes ptxas hoist the wait).
__device__ __forceinline__ void mbar_arrive_if(cuda::std::uint64_t* bar, bool pred) {
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %1, 0;\n@p mbarrier.arrive.shared::cta.b64 _, [%0];\n}\n" ::
          "r"(smem_u32(bar)),
      "r"((int)pred)
      : "memory");
}
