// The STAGES-deep cp.async ring of a K loop, shared by problems/conv2d (mma_tf32, the implicit
// GEMM on tensor cores) and problems/triangle_contraction (ctile, the channel-tiled GEMM). The
// including kernel defines STAGES (>= 2) and BK (the K extent of one slab), and a callable
// `load(slot, k0)` that issues the cp.async copies of the slab starting at k0 into ring slot
// `slot`. The kernel runs:
//
//   ring_fill(tiles, load);                   // slabs 0 .. STAGES - 2 in flight
//   for (int it = 0; it < tiles; ++it) {
//     ring_next(it, tiles, load);             // slab it landed; slab it + STAGES - 1 issued
//     ... compute on slot it % STAGES ...
//   }
//   asm volatile("cp.async.wait_group 0;\n" ::: "memory");
//
// Every step commits one group, empty past the last slab, so "at most STAGES - 2 groups in
// flight" always means "slab it has landed". The __syncthreads after the wait makes slab it
// visible to the whole block and also retires step it - 1's reads of the slot that slab
// it + STAGES - 1 then overwrites. Both are forced inline: the kernels compile to the code they
// had with these lines written out in their own files (proven by `solver recording rekey`).
#pragma once

template <class Load>
__device__ __forceinline__ void ring_fill(int tiles, Load& load) {
#pragma unroll
  for (int s = 0; s < STAGES - 1; ++s) {
    if (s < tiles) load(s, s * BK);
    asm volatile("cp.async.commit_group;\n" ::: "memory");
  }
}

template <class Load>
__device__ __forceinline__ void ring_next(int it, int tiles, Load& load) {
  asm volatile("cp.async.wait_group %0;\n" ::"n"(STAGES - 2) : "memory");
  __syncthreads();
  const int nx = it + STAGES - 1;
  if (nx < tiles) load(nx % STAGES, nx * BK);
  asm volatile("cp.async.commit_group;\n" ::: "memory");
}
