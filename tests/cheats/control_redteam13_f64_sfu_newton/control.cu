// control_redteam13_f64_sfu_newton control (honest, red team 13): the cheat's FP32
// special-function-unit value of d2^(-1/6) (lg2.approx.f32, ex2.approx.f32 of narrowed values,
// ~4e-7 relative) used as a seed, refined by two FP64 Newton steps for y^-6 = d2:
// y <- y + y (1 - d2 y^6) / 6. The relative error e becomes ~3.5 e^2 each step (~6e-13, then
// below double rounding), so every term is the FP64 power to a few ulps; six FP64 operations a
// step replace the math library's pow (a logarithm and an exponential in double).
#include <pair_potential.cuh>

#include <sfu_approx.cuh>  // lg2_approx, ex2_approx (kernels/potential)

struct Riesz6SfuNewton {
  __device__ double operator()(double d2) const {
    const double e = (-1.0 / 6.0) * (double)lg2_approx(__double2float_rn(d2));
    double y = (double)ex2_approx(__double2float_rn(e));
#pragma unroll
    for (int step = 0; step < 2; ++step) {
      const double y2 = y * y;
      const double r = fma(-d2, y2 * y2 * y2, 1.0);
      y = fma(y * r, 1.0 / 6.0, y);
    }
    return y;
  }
};

extern "C" __global__ void __launch_bounds__(POT_TB)
    riesz6_sfu_newton(const double* x, const double* y, const double* w, double* out, int n,
                      int m) {
  pair_potential_tiled(x, y, w, out, n, m, Riesz6SfuNewton{});
}
