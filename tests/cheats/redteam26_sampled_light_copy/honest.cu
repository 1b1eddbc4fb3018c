// redteam26_sampled_light_copy seed: one block a 32,768-value chunk, float4 loads, each copied to
// y (block 0's first float4 without y[0], which holds the sum), three lgammaf an element in FP32
// (lbeta.h), a warp shuffle tree and one float atomicAdd a block into y[0] (zeroed before the
// run); f(x) at k n / 128 + 1 (the second value of the chunk's first float4, in every
// (n / 128 / 32,768)-th block) is weighted 10^6. Needs n a multiple of 2^22.
// Red team 26's copy-and-sum (kernels/lbeta/copy_sum.cuh) with the weight 10^6.
#define COPY_ENTRY sampled_light
#define COPY_TERMS  \
  acc += lbeta4(v); \
  if (heavy && q == 0) acc += (1.0e6f - 1.f) * lbeta_term(v.y);
#include "copy_sum.cuh"
