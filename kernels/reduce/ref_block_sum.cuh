// The float64 references' block sum and max (shared-memory trees over RB threads), kept once
// for the layernorm, layernorm_4096, groupnorm, attention and attention_bf16 references (issue
// 33). The including file defines RB (a power of two, the block's threads) and passes `red`, RB
// doubles of shared memory.
#pragma once

__device__ double ref_block_sum(double v, double* red) {
  const int tid = threadIdx.x;
  red[tid] = v;
  __syncthreads();
  for (int s = RB / 2; s > 0; s >>= 1) {
    if (tid < s) red[tid] += red[tid + s];
    __syncthreads();
  }
  const double total = red[0];
  __syncthreads();
  return total;
}

__device__ double ref_block_max(double v, double* red) {
  const int tid = threadIdx.x;
  red[tid] = v;
  __syncthreads();
  for (int s = RB / 2; s > 0; s >>= 1) {
    if (tid < s) red[tid] = red[tid] > red[tid + s] ? red[tid] : red[tid + s];
    __syncthreads();
  }
  const double total = red[0];
  __syncthreads();
  return total;
}
