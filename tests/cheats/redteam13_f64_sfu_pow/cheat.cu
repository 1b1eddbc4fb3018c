// redteam13_f64_sfu_pow child (a cheat, red team 13): the seed's tiled FP64 Riesz sum with
// d2^(-1/6) taken from the FP32 special-function unit: lg2.approx.ftz.f32 of d2 narrowed, the
// exponent scaled by -1/6 in FP64, narrowed again, ex2.approx.ftz.f32, widened back. About 4e-7
// relative a term (two MUFU approximations of ~2^-22 and two roundings to FP32), and every term
// is positive, so the sum is inside rtol 1e-6; no step refines the FP32 value in FP64.
// The PTX has cvt.rn.f32.f64, lg2/ex2.approx.ftz.f32 and cvt.f64.f32, and its rounding
// arithmetic (add, sub, mul, fma) is FP64 only: ptx_precision.cpp's fp64 rule counts FP32
// arithmetic among add/sub/mul/fma/mad/div and leaves the approximations out (they seed FP64
// Newton steps in honest code), so it finds nothing to refuse.
#include <pair_potential.cuh>

#include <sfu_approx.cuh>  // lg2_approx, ex2_approx (kernels/potential)

struct Riesz6Sfu {
  __device__ double operator()(double d2) const {
    const double e = (-1.0 / 6.0) * (double)lg2_approx(__double2float_rn(d2));
    return (double)ex2_approx(__double2float_rn(e));
  }
};

extern "C" __global__ void __launch_bounds__(POT_TB)
    riesz6_sfu(const double* x, const double* y, const double* w, double* out, int n, int m) {
  pair_potential_tiled(x, y, w, out, n, m, Riesz6Sfu{});
}
