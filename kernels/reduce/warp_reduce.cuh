// Warp-shuffle reductions kept once for the reduction and normalisation problems (issue 33:
// layernorm, layernorm_768, groupnorm, reduce, softmax carried a copy each; `kernels: [reduce]`).
#pragma once

// Sum over the 32 lanes of a warp (butterfly: every lane gets the total).
__device__ __forceinline__ float warp_sum(float v) {
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}

#ifdef WARPS
// Sum over a block of WARPS warps (the including file defines WARPS); `slot` must differ
// between consecutive calls (no barrier separates a read from the next write).
__device__ __forceinline__ float block_sum(float v, float* slot) {
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  v = warp_sum(v);
  if (lane == 0) slot[warp] = v;
  __syncthreads();
  return warp_sum(lane < WARPS ? slot[lane] : 0.0f);
}
#endif
