// control_redteam26_counted_tail_lbeta child (honest): the seed's pass over every element of each
// active segment, log B(x + 4, x + 2) with one lgammaf fewer. lgamma(x + 4) = lgamma(x + 2) +
// log((x + 2)(x + 3)) (lgamma(z + 1) = lgamma(z) + log z twice), so
// f = 2 lgamma(x + 2) + log((x + 2)(x + 3)) - lgamma(2x + 6): two lgammaf and a logf against the
// seed's three, FP32 throughout (control_redteam16_twin_output_recurrence's identity; the terms'
// errors ~1e-7 of |f|, far inside rtol 1e-4 of a segment's sum). Slots by atomicAdd, as the seed.
#include "lbeta.h"
__device__ __forceinline__ float lbeta_rec4(float4 q) {
  return (lbeta_rec(q.x) + lbeta_rec(q.y)) + (lbeta_rec(q.z) + lbeta_rec(q.w));
}
// The seed's kernel (kernels/lbeta/seg_sum.cuh) with this term.
#define SEG_ENTRY seg_lbeta_rec
#define SEG_TERM4(q) lbeta_rec4(q)
#include "seg_sum.cuh"
