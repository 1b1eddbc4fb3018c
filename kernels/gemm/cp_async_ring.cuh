// The STAGES-deep cp.async ring of a K loop, shared by problems/conv2d (mma_tf32, the implicit
// GEMM on tensor cores) and problems/triangle_contraction (ctile, the channel-tiled GEMM). The
// including kernel defines STAGES (>= 2) and BK (the K extent of one slab) before the include,
// and a callable `load(slot, k0)` that issues the cp.async copies of the slab starting at k0
// into ring slot `slot`. The kernel runs:
//
//   ring_fill(tiles, load);                      // slabs 0 .. STAGES - 2 in flight
//   for (int it = 0; it < tiles; ++it) {
//   #include <cp_async_ring_step.cuh>            // the four statements below, written once
//     ... compute on slot it % STAGES ...
//   }
//
// where the step is
//
//     ring_wait();                               // slab it has landed, visible to the block
//     const int nx = it + STAGES - 1;            // the slab for the slot step it - 1 freed
//     if (nx < tiles) load(nx % STAGES, nx * BK);
//     ring_commit();
//   asm volatile("cp.async.wait_group 0;\n" ::: "memory");
//
// Every step commits one group, empty past the last slab, so "at most STAGES - 2 groups in
// flight" always means "slab it has landed". The __syncthreads after the wait makes slab it
// visible to the whole block and also retires step it - 1's reads of the slot that slab nx
// then overwrites. The loop's issue of slab nx stays in the kernel's body (the step is a
// statement fragment, not a function): with it inside a helper (the same statements, forced
// inline) NVRTC allocated registers differently for conv2d mma_tf32[BM=64,STAGES=3] (392 of
// 1568 instructions differ), and its recorded measurements would no longer describe the code.
// In this form every recorded point of both kernels compiles to the code it had with these
// lines written out (`solver recording rekey`).
#pragma once

__device__ __forceinline__ void ring_commit() {
  asm volatile("cp.async.commit_group;\n" ::: "memory");
}

// Issues slabs 0 .. STAGES - 2 (those that exist), one commit group each.
template <class Load>
__device__ __forceinline__ void ring_fill(int tiles, Load& load) {
#pragma unroll
  for (int s = 0; s < STAGES - 1; ++s) {
    if (s < tiles) load(s, s * BK);
    ring_commit();
  }
}

// Waits until at most STAGES - 2 groups are in flight (the oldest slab has landed), then makes
// it visible to the block.
__device__ __forceinline__ void ring_wait() {
  asm volatile("cp.async.wait_group %0;\n" ::"n"(STAGES - 2) : "memory");
  __syncthreads();
}
