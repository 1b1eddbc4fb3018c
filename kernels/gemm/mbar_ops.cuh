// mbarrier helpers for kernels fed by the bulk tensor copy engine (tma_ops.cuh) that need no
// wgmma (bigtile_tma_gemm.cuh): init, the init fence that makes the barriers visible to the copy
// engine, and the parity wait. wgmma_bf16_ops.cuh and wgmma_tf32_ops.cuh keep their own (their
// kernels' recorded code). A header of its own so that a host emulation can stand in for it.
#pragma once
#include <cuda/std/cstdint>

__device__ __forceinline__ void mbar_init(cuda::std::uint64_t* bar, cuda::std::uint32_t count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;\n" ::"r"(
                   static_cast<cuda::std::uint32_t>(__cvta_generic_to_shared(bar))),
               "r"(count)
               : "memory");
}
__device__ __forceinline__ void mbar_fence_init() {
  asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
}
// Spins until the phase of `bar` with this parity has completed.
__device__ __forceinline__ void mbar_wait(cuda::std::uint64_t* bar, cuda::std::uint32_t parity) {
  const cuda::std::uint32_t a = static_cast<cuda::std::uint32_t>(__cvta_generic_to_shared(bar));
  cuda::std::uint32_t done = 0;
  while (!done)
    asm volatile(
        "{\n.reg .pred p;\nmbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n"
        "selp.u32 %0, 1, 0, p;\n}\n"
        : "=r"(done)
        : "r"(a), "r"(parity)
        : "memory");
}
