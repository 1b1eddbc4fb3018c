// control_redteam13_f64_rsqrt_newton control (honest, red team 13): 1/sqrt(d2) seeded by
// rsqrt.approx.ftz.f64 (the cheat's instruction, 9.0e-7 relative) and refined by two FP64 Newton
// steps,
// y <- y (1.5 - 0.5 d2 y^2): the relative error e becomes ~1.5 e^2 each step, below double
// rounding after two from any seed better than ~2^-14. This is the shape of the CUDA math
// library's FP64 rsqrt; the seed's square root and divide each run their own Newton iterations.
#include <pair_potential.cuh>

struct CoulombRsqrtNewton {
  __device__ double operator()(double d2) const {
    double y;
    asm("rsqrt.approx.ftz.f64 %0, %1;" : "=d"(y) : "d"(d2));
    const double h = 0.5 * d2;
#pragma unroll
    for (int step = 0; step < 2; ++step) y = y * fma(-h * y, y, 1.5);
    return y;
  }
};

extern "C" __global__ void __launch_bounds__(POT_TB)
    coulomb_rsqrt_newton(const double* x, const double* y, const double* w, double* out, int n,
                         int m) {
  pair_potential_tiled(x, y, w, out, n, m, CoulombRsqrtNewton{});
}
