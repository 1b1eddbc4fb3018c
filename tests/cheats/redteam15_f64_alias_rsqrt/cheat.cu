// redteam15_f64_alias_rsqrt child (a cheat, red team 15): red team 13's FP64 Coulomb sum with
// every 1/sqrt(d2) from rsqrt.approx.ftz.f64 and no refinement (~9e-7 a term, measured on the
// H200 by red team 13; the sum of positive terms 1.7e-7 from the seed), under a precision class
// spelled `double`. The PTX scan reads `double` as fp64 (ptx_precision.cpp judged_class) and finds
// no FP32 in this PTX; the measured class bound is given to the exact name "fp64" only
// (problem_spec.cpp measured_class_rtol), so under `double` nothing measures the class.
#include <pair_potential.cuh>

struct RsqrtApproxF64 {
  __device__ double operator()(double d2) const {
    double y;
    asm("rsqrt.approx.ftz.f64 %0, %1;" : "=d"(y) : "d"(d2));
    return y;
  }
};

extern "C" __global__ void __launch_bounds__(POT_TB)
    coulomb_alias_rsqrt(const double* x, const double* y, const double* w, double* out, int n,
                        int m) {
  pair_potential_tiled(x, y, w, out, n, m, RsqrtApproxF64{});
}
