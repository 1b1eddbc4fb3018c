// control_redteam29_deal_exact_hand child (honest): the seed's deal (kernels/boys/deal_points.cu)
// with each card's F0 by its closed form in FP32, F0(a) = sqrt(pi / (4 a)) erf(sqrt(a)) (erff, a
// few ulp; the Taylor series below 1e-3), instead of 65 exponentials; the hands summed exactly
// (64-bit integer totals, the last block stores them). Every card is scored.
#include <deal_frame.cuh>  // the deal kernel frame (kernels/boys)

__device__ __forceinline__ float boys_erf(float a) {
  if (a < 1e-3f) return 1.0f - a * (1.0f / 3.0f) + a * a * 0.1f;
  const float s = sqrtf(a);
  return 0.886226925f * erff(s) / s;
}

DEAL_KERNEL(deal_points_erf, boys_erf, deal_total_erf, deal_done_erf)
