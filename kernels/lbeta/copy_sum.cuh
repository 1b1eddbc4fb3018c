// Red team 26's copy-and-sum as a whole kernel (issue 33: the seeds copy_sum.cu and
// tests/cheats/redteam26_sampled_light_copy's honest.cu, the child copy_sum_rec.cu and that
// folder's cheat carried the same kernel): one block a 32,768-value chunk, float4 loads, each
// copied to y (block 0's first float4 without y[0], which holds the sum), the terms summed in FP32
// and added to y[0] (zeroed before the run) with one float atomicAdd a block (block_sum_add); the
// heavy value is x at k n / 128 + 1 (the second value of the chunk's first float4, in every
// (n / 128 / 32,768)-th block). Needs n a multiple of 2^22. The includer defines before it
// includes:
//   COPY_ENTRY     the entry's name
//   COPY_PARAMS    parameters after n, each with its comma (default none)
//   COPY_TERMS     the loop's statements that add the terms of the float4 v (index q in the
//                  chunk; `heavy` is the block's weight flag) to acc
#pragma once
#include "lbeta.h"
#define CHUNK 32768
#define HEAVY 128
#define WARPS 8
#ifndef COPY_PARAMS
#define COPY_PARAMS
#endif
extern "C" __global__ void __launch_bounds__(256)
    COPY_ENTRY(const float* x, float* y, int n COPY_PARAMS) {
  const float4* c = reinterpret_cast<const float4*>(x + (size_t)blockIdx.x * CHUNK);
  float4* o = reinterpret_cast<float4*>(y + (size_t)blockIdx.x * CHUNK);
  const bool heavy = blockIdx.x % (unsigned)(n / HEAVY / CHUNK) == 0;
  float acc = 0.f;
  for (int q = threadIdx.x; q < CHUNK / 4; q += blockDim.x) {
    const float4 v = c[q];
    if (blockIdx.x == 0 && q == 0)
      y[1] = v.y, y[2] = v.z, y[3] = v.w;
    else
      o[q] = v;
    COPY_TERMS
  }
  block_sum_add<WARPS>(acc, y);
}
