// Hopper bulk tensor copies (TMA) for the matmul variants guarded by `chip: [wgmma, tma]`: the
// tensor map a kernel receives by value, the mbarrier transaction count and the 2-D and 3-D tile
// loads. The worker encodes each map (cuTensorMapEncodeTiled) from problem.yaml's `tensor_maps:`
// entry at launch time, from the device address of the buffer bound to that launch
// (docs/problems.md).
#pragma once
#include <cuda/std/cstdint>

// CUtensorMap's layout without cuda.h (NVRTC has no driver header): 128 opaque bytes, 64-aligned.
// A kernel takes it as `const __grid_constant__ TensorMap`, so TMA reads it from parameter space.
struct __align__(64) TensorMap {
  unsigned long long opaque[16];
};

// Arrives once on `bar` and adds `bytes` to the transaction count its phase waits for: the phase
// completes when every copy that names the barrier has written its bytes.
__device__ __forceinline__ void mbar_arrive_expect_tx(cuda::std::uint64_t* bar,
                                                      cuda::std::uint32_t bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\n" ::"r"(
                   static_cast<cuda::std::uint32_t>(__cvta_generic_to_shared(bar))),
               "r"(bytes)
               : "memory");
}

// One box of `map` at element coordinates (c0 innermost, c1) into shared memory at `dst`
// (aligned as the map's swizzle needs: 1024 bytes for 128B), completing on `bar`.
__device__ __forceinline__ void tma_load_2d(cuda::std::uint32_t dst, const TensorMap* map, int c0,
                                            int c1, cuda::std::uint64_t* bar) {
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
      " [%0], [%1, {%2, %3}], [%4];\n" ::"r"(dst),
      "l"(reinterpret_cast<cuda::std::uint64_t>(map)), "r"(c0), "r"(c1),
      "r"(static_cast<cuda::std::uint32_t>(__cvta_generic_to_shared(bar)))
      : "memory");
}

// Fetches the map into the TMA unit's descriptor cache ahead of the first copy.
__device__ __forceinline__ void tma_prefetch_map(const TensorMap* map) {
  asm volatile("prefetch.tensormap [%0];\n" ::"l"(reinterpret_cast<cuda::std::uint64_t>(map))
               : "memory");
}

// One box of a rank-3 `map` at element coordinates (c0 innermost, c1, c2) into shared memory at
// `dst`, completing on `bar`: batched_gemm addresses batch b as the outermost coordinate.
__device__ __forceinline__ void tma_load_3d(cuda::std::uint32_t dst, const TensorMap* map, int c0,
                                            int c1, int c2, cuda::std::uint64_t* bar) {
  asm volatile(
      "cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
      " [%0], [%1, {%2, %3, %4}], [%5];\n" ::"r"(dst),
      "l"(reinterpret_cast<cuda::std::uint64_t>(map)), "r"(c0), "r"(c1), "r"(c2),
      "r"(static_cast<cuda::std::uint32_t>(__cvta_generic_to_shared(bar)))
      : "memory");
}
