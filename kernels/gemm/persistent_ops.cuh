// Hopper (sm_90a) building blocks of the persistent warp-specialised wgmma GEMMs, kept once for
// both element types (issue 33): matmul_bf16's wgmma_persistent (BF16, wgmma_bf16_ops.cuh) and
// matmul's wgmma_persistent (TF32, wgmma_tf32_persistent_gemm.cuh). Independent of either
// operand header (tensor maps are taken as `const void*`), so it goes with both.
// - the grouped tile walk (tile_of): persistent blocks take tiles u, u + gridDim, ... numbered
//   GROUP tile rows at a time, so the tiles in flight share few rows of A and columns of B in L2;
// - the smem + TMA-store epilogue: a consumer warpgroup writes a piece of C into one of two
//   shared buffers (epi_acquire waits until the store that last read it is done), publishes it
//   to the async proxy (epi_publish) and one thread stores it with TMA in its own bulk group, so
//   the stores run on while the next piece is written and the next tile's MMAs start.
#pragma once
#include <cuda/std/cstdint>

// Tile `u` of the walk to its tile row `um` and column `un` (units_m x units_n tiles): `group`
// tile rows at a time, down the rows first, then across the columns.
__device__ __forceinline__ void tile_of(int u, int units_m, int units_n, int group, int& um,
                                        int& un) {
  const int per_group = group * units_n;
  const int g = u / per_group, first = g * group;
  const int rows = min(units_m - first, group);
  const int r = u - g * per_group;
  um = first + r % rows;
  un = r / rows;
}

// The ring's barriers, set by one thread before the block's first __syncthreads: full[s]
// completes on the producer's one arrival plus the stage's transaction bytes, empty[s] on
// `consumers` arrivals; made visible to the async proxy and the cluster. Needs mbar_init (the
// operand header, included first).
template <int S>
__device__ __forceinline__ void ring_init(cuda::std::uint64_t* full, cuda::std::uint64_t* empty,
                                          cuda::std::uint32_t consumers) {
  for (int s = 0; s < S; ++s) {
    mbar_init(&full[s], 1);
    mbar_init(&empty[s], consumers);
  }
  asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
}

// The producer thread's walk: tiles u = first, first + step, ... below `units`, `origin(u)` once
// a tile, then its `ktiles` K slabs, each into the ring's next stage s (waited free, armed for
// `bytes`), whose copies `load(o, kt, s)` issues. The stage counter runs on across tiles, as the
// consumers' does. Needs mbar_wait and mbar_arrive_expect_tx (the operand headers). matmul_bf16's
// kernel keeps its own loop: through this template its SASS changed at 12 of its 20 points
// (`solver recording rekey --check`), and its recorded measurements stand on that code.
template <int S, typename Origin, typename Load>
__device__ __forceinline__ void produce(cuda::std::uint64_t* full, cuda::std::uint64_t* empty,
                                        int first, int step, int units, int ktiles,
                                        cuda::std::uint32_t bytes, Origin origin, Load load) {
  int it = 0;
  for (int u = first; u < units; u += step) {
    const auto o = origin(u);
    for (int kt = 0; kt < ktiles; ++kt, ++it) {
      const int s = it % S, round = it / S;
      if (round > 0) mbar_wait(&empty[s], (round - 1) & 1);
      mbar_arrive_expect_tx(&full[s], bytes);
      load(o, kt, s);
    }
  }
}

// A box of C from shared memory (swizzled as the map says) to global memory at element
// coordinates (c0 innermost, c1), in the bulk group of the issuing thread.
__device__ __forceinline__ void tma_store_2d(const void* map, int c0, int c1,
                                             cuda::std::uint32_t src) {
  asm volatile(
      "cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%0, {%1, %2}], [%3];\n" ::"l"(
          reinterpret_cast<cuda::std::uint64_t>(map)),
      "r"(c0), "r"(c1), "r"(src)
      : "memory");
}
// The same for a rank-3 map (c2 outermost: batched_gemm's batch).
__device__ __forceinline__ void tma_store_3d(const void* map, int c0, int c1, int c2,
                                             cuda::std::uint32_t src) {
  asm volatile(
      "cp.async.bulk.tensor.3d.global.shared::cta.bulk_group [%0, {%1, %2, %3}], [%4];\n" ::"l"(
          reinterpret_cast<cuda::std::uint64_t>(map)),
      "r"(c0), "r"(c1), "r"(c2), "r"(src)
      : "memory");
}
__device__ __forceinline__ void bulk_commit() {
  asm volatile("cp.async.bulk.commit_group;\n" ::: "memory");
}
// Waits until at most N of this thread's bulk groups still read shared memory.
template <int N>
__device__ __forceinline__ void bulk_wait_read() {
  asm volatile("cp.async.bulk.wait_group.read %0;\n" ::"n"(N) : "memory");
}
__device__ __forceinline__ void bulk_wait_all() {
  asm volatile("cp.async.bulk.wait_group 0;\n" ::: "memory");
}
// Makes this thread's shared-memory writes visible to the async proxy (TMA).
__device__ __forceinline__ void fence_proxy_async() {
  asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
}
// The 128 threads of consumer warpgroup `cw` (barrier 0 is __syncthreads').
__device__ __forceinline__ void wg_sync(int cw) {
  asm volatile("bar.sync %0, 128;\n" ::"r"(cw + 1) : "memory");
}
__device__ __forceinline__ void st_shared_u32(cuda::std::uint32_t addr, cuda::std::uint32_t v) {
  asm volatile("st.shared.u32 [%0], %1;\n" ::"r"(addr), "r"(v) : "memory");
}
__device__ __forceinline__ void st_shared_f32x2(cuda::std::uint32_t addr, float x, float y) {
  asm volatile("st.shared.v2.f32 [%0], {%1, %2};\n" ::"r"(addr), "f"(x), "f"(y) : "memory");
}

// Epilogue buffers of consumer warpgroup `cw`, two per warpgroup used in turn: before writing
// one, its previous store (two pieces ago) must have finished reading it; `leader` is the
// warpgroup's thread that issues the stores.
__device__ __forceinline__ void epi_acquire(int cw, bool leader) {
  if (leader) bulk_wait_read<1>();
  wg_sync(cw);
}
// After writing a buffer: visible to TMA, and every thread's part written before the store.
__device__ __forceinline__ void epi_publish(int cw) {
  fence_proxy_async();
  wg_sync(cw);
}
