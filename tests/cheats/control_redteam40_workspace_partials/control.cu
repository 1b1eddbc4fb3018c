// Red team 40's control for redteam40_workspace_call_count: an honest two-pass sum whose second
// launch reads the workspace the first one wrote, a loop's trip count included. Launch 1 (the
// float4 grid-stride frame of kernels/reduce/tail_sum.cuh, one pass) writes each block's sum to
// ws[1 + block] and block 0 writes the number of partials (its grid) to ws[0]; launch 2 (one
// block) sums ws[1 .. 1 + ws[0]) in a fixed tree order and writes out. Deterministic: the same
// input gives the same workspace bits and the same sum on every run.
// What a fix must keep: a scratch word a launch of the same run stored before another launch
// loads it is no carried state, even where it decides how much work runs (here the partials'
// count); only a load that no earlier store of the run reaches reads what the last call left.
#include "tail_sum.cuh"

// The block's sum (8 warps, shuffles), in thread 0: tail_sum.cuh's block_add_to without its atomic.
__device__ __forceinline__ float block_sum(float s) {
  for (int o = 16; o > 0; o >>= 1) s += __shfl_down_sync(0xffffffffu, s, o);
  __shared__ float warp[8];
  if ((threadIdx.x & 31) == 0) warp[threadIdx.x >> 5] = s;
  __syncthreads();
  s = threadIdx.x < 8 ? warp[threadIdx.x] : 0.f;
  if (threadIdx.x < 32)
    for (int o = 4; o > 0; o >>= 1) s += __shfl_down_sync(0xffffffffu, s, o);
  return s;
}

extern "C" __global__ void __launch_bounds__(256)
    partials_pass(const float* __restrict__ x, float* __restrict__ ws, int n) {
  const float s = block_sum(tail_sum(x, n, false, 1));
  if (threadIdx.x == 0) ws[1 + blockIdx.x] = s;
  if (blockIdx.x == 0 && threadIdx.x == 0) reinterpret_cast<unsigned*>(ws)[0] = gridDim.x;
}

extern "C" __global__ void __launch_bounds__(256)
    partials_finish(const float* __restrict__ ws, float* __restrict__ out) {
  const unsigned count = reinterpret_cast<const unsigned*>(ws)[0];
  float s = 0.f;
  for (unsigned i = threadIdx.x; i < count; i += blockDim.x) s += ws[1 + i];
  s = block_sum(s);
  if (threadIdx.x == 0) *out = s;
}
