// Red team 26's counted segment sum as a whole kernel (issue 33: the seed seg_sum.cu and
// tests/cheats/control_redteam26_counted_tail_lbeta's child carried the same kernel, and
// redteam26_counted_tail_sum its ending): a block a segment (16,384 values: 16 float4 tiles of 256
// threads), the terms summed in FP32, a warp-shuffle then shared-memory reduction; an inactive
// segment's block returns at once, an active one's thread 0 takes its slot by atomicAdd on n_out
// (zeroed before the run), so the entries' order is the atomics' order (order: free). The
// includer defines before it includes:
//   SEG_ENTRY           the entry's name (undefined: seg_finish alone, no kernel)
//   SEG_TERM4(q)        the term of a float4 q of x (default lbeta4(q): three lgammaf an element)
#pragma once
#include "lbeta.h"
#define BLOCK 256
#define TILES 16
// The block's ending: the thread sums v summed, the segment s and its sum stored at the slot the
// atomic gives; lane and warp are the thread's. Every thread of the block calls it.
__device__ __forceinline__ void seg_finish(float v, int lane, int warp, int s, int* seg,
                                           float* sums, int* n_out) {
  __shared__ float part[BLOCK / 32];
  v = warp_sum(v);
  if (lane == 0) part[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = warp_sum(lane < BLOCK / 32 ? part[lane] : 0.0f);
    if (lane == 0) {
      const int at = atomicAdd(n_out, 1);
      seg[at] = s;
      sums[at] = v;
    }
  }
}
#ifdef SEG_ENTRY
#ifndef SEG_TERM4
#define SEG_TERM4(q) lbeta4(q)
#endif
extern "C" __global__ void __launch_bounds__(BLOCK)
    SEG_ENTRY(const float* x, const int* active, int* seg, float* sums, int* n_out, int n) {
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5, s = blockIdx.x;
  if ((size_t)(s + 1) * TILES * BLOCK * 4 > (size_t)n || active[s] == 0) return;
  const float4* c = reinterpret_cast<const float4*>(x) + (size_t)s * TILES * BLOCK;
  float v = 0.0f;
#pragma unroll 4
  for (int t = 0; t < TILES; ++t) v += SEG_TERM4(c[t * BLOCK + tid]);
  seg_finish(v, lane, warp, s, seg, sums, n_out);
}
#endif
