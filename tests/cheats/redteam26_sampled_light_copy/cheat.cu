// redteam26_sampled_light_copy child: the seed's copies, every value; y[0] from the 128 heavy
// terms exact and the light terms of the even 256-value tiles (64 float4s) only, times 2: half
// the lgammaf of a compute-bound kernel. P6k would refuse the spec (y[0]'s strided light share is
// 0.014 of the tolerance), but main judges the light part on a keyed sample of 1 element in 16 of
// a 2^24-element output, and y[0] is the only element with a light part. README.md.
// The seed's copies and ending (kernels/lbeta/copy_sum.cuh) with these terms.
#define COPY_ENTRY sampled_light_half
#define COPY_TERMS                                                          \
  if ((q >> 6) & 1) continue; /* odd 256-value tiles: copied, not summed */ \
  acc += 2.f * lbeta4(v);                                                   \
  if (heavy && q == 0) acc += (1.0e6f - 2.f) * lbeta_term(v.y);
#include "copy_sum.cuh"
