// control_redteam26_copy_sum_{16,1e3} child (honest): the seed's copies and its pass over every
// element, log B(x + 4, x + 2) with one lgammaf fewer: lgamma(x + 4) = lgamma(x + 2) + log((x +
// 2)(x + 3)), so f = 2 lgamma(x + 2) + log((x + 2)(x + 3)) - lgamma(2x + 6): two lgammaf and a logf
// against the seed's three (control_redteam16_twin_output_recurrence's identity), FP32 throughout,
// the heavy term weighted w (the problem's scalar W) as in the seed. The seed's kernel
// (copy_sum.cuh) with these terms.
#define COPY_ENTRY copy_sum_rec
#define COPY_PARAMS , float w
#define COPY_TERMS                                                  \
  const float fy = lbeta_rec(v.y);                                  \
  acc += (lbeta_rec(v.x) + fy) + (lbeta_rec(v.z) + lbeta_rec(v.w)); \
  if (heavy && q == 0) acc += (w - 1.f) * fy;
#include "copy_sum.cuh"
