// A block's sum through a shared-memory tree (log2(BLOCK) + 1 barriers), the seeds' reduction,
// kept once for layernorm's block_smem and groupnorm's naive (issue 33). The including file
// defines BLOCK (a power of two, the block's threads) and passes `red`, BLOCK floats of shared
// memory.
#pragma once

__device__ float block_sum(float v, float* red) {
  const int tid = threadIdx.x;
  red[tid] = v;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (tid < s) red[tid] += red[tid + s];
    __syncthreads();
  }
  const float total = red[0];
  __syncthreads();  // red[0] read by all before the next call overwrites red
  return total;
}
