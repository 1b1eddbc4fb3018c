// The atol of a check on an exponent-range set (helper hon22, issue 28: "0 honest refused").
// Such a set is the regular set scaled by c = 2^e (input_sets.h), its reference the regular
// reference times c, and the comparison's atol the declared atol times c (HostSet::atol_scale):
// an honest kernel's rounding scales with its inputs. Not below a format's normal range: an
// output stored in FP16 holds values under 2^-14 as subnormals 2^-24 apart, so rounding one
// errs by up to 2^-25 whatever the scale. The exponent-range-down set of an fp16 problem (the
// largest input at 2^-3: x.half() of U[-1, 1) at atol 1e-7, 2^-3 x 1e-7 < 2^-25) or of an fp32
// problem with an f16 output (2^-17: every output subnormal) refused an honest round-to-nearest
// conversion there while the regular set, at the declared atol, passed it
// (tests/engine/scaled_atol_test.cpp). The scaled atol is therefore kept at least the output
// format's own rounding in its subnormal range, half its smallest spacing, and never above the
// declared atol (a problem declaring less is refused on the regular set as before).
#pragma once

#include <algorithm>
#include <cmath>

#include "generators/variant_space.h"

namespace solver::gpu {

// Half the spacing of `dtype`'s subnormals (the largest rounding error of a value stored below
// its normal range); 0 for integer formats.
inline double subnormal_half_spacing(generators::DType dtype) {
  switch (dtype) {
    case generators::DType::F16:
      return std::ldexp(1.0, -25);
    case generators::DType::BF16:
      return std::ldexp(1.0, -134);
    case generators::DType::F32:
      return std::ldexp(1.0, -150);
    case generators::DType::F64:
      return std::ldexp(1.0, -1075);
    default:
      return 0.0;
  }
}

// The atol of a comparison of an output of `dtype` on a set whose outputs are the regular set's
// times `scale` (HostSet::atol_scale): atol x scale, raised to min(atol, the format's subnormal
// rounding) where it falls below that. A scale of 1 (every set but the exponent-range ones)
// gives atol unchanged.
inline double scaled_atol(double atol, double scale, generators::DType dtype) {
  const double scaled = atol * scale;
  if (!(scale < 1)) return scaled;
  return std::max(scaled, std::min(atol, subnormal_half_spacing(dtype)));
}

}  // namespace solver::gpu
