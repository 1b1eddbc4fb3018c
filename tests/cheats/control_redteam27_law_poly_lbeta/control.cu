// control_redteam27_law_poly_lbeta child: log B(x + 4, x + 2) of every element by a degree-9
// polynomial in t = x - 1 fitted over the declared support [0.5, 1.5) (least squares in double;
// FP32 Horner with fmaf: at most 4.6e-7 from log B on the support, under lgammaf's own 6e-7
// rms), summed in double, the last block combining the block partials. An honest
// range-specialised evaluation: right on every input the law can draw, wrong outside it, which
// the problem never asks. White-box notes: README.md.

__device__ __forceinline__ float lbeta_poly(float x) {
  const float t = x - 1.0f;  // exact on [0.5, 1.5)
  float p = -6.4397608411474899e-06f;
  p = fmaf(p, t, 1.995420282278947e-05f);
  p = fmaf(p, t, -6.2306306218470593e-05f);
  p = fmaf(p, t, 0.00021501499991614909f);
  p = fmaf(p, t, -0.00075447247183551517f);
  p = fmaf(p, t, 0.0027158533492807474f);
  p = fmaf(p, t, -0.010217825521044723f);
  p = fmaf(p, t, 0.04185448014601955f);
  p = fmaf(p, t, -1.6023809524920654f);
  p = fmaf(p, t, -4.653960350146515f);
  return p;
}

// The seed's kernel (kernels/lbeta/sum_f64.cuh) with this term.
#define F64SUM_ENTRY lbeta_sum_poly
#define F64SUM_TERM4(v)                                                         \
  (double)lbeta_poly(v.x) + (double)lbeta_poly(v.y) + (double)lbeta_poly(v.z) + \
      (double)lbeta_poly(v.w)
#define F64SUM_PART poly_part
#define F64SUM_DONE poly_done
#include "sum_f64.cuh"
