// control_redteam16_twin_output_recurrence child (honest): the seed's pass over every element,
// log B(x + 4, x + 2) with one lgammaf fewer. lgamma(x + 4) = lgamma(x + 2) + log((x + 2)(x + 3))
// (the recurrence lgamma(z + 1) = lgamma(z) + log z twice), so
// f = 2 lgamma(x + 2) + log((x + 2)(x + 3)) - lgamma(2x + 6): two lgammaf and a logf against the
// seed's three lgammaf, every element weighed, FP32 throughout (the terms' errors ~1e-7 of |f|,
// far inside rtol 1e-4 of the sum). The chunk means are the seed's, bit for bit.
#include "lbeta.h"
__device__ __forceinline__ float lbeta_rec4(float4 q) {
  return (lbeta_rec(q.x) + lbeta_rec(q.y)) + (lbeta_rec(q.z) + lbeta_rec(q.w));
}
// The seed's kernel (kernels/lbeta/twin_sum.cuh) with this term.
#define TWIN_ENTRY twin_sum_rec
#define TWIN_TERM4(q) lbeta_rec4(q)
#include "twin_sum.cuh"
