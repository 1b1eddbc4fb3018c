// redteam13_f64_rsqrt_approx child (a cheat, red team 13): the seed's tiled FP64 Coulomb sum with
// 1/sqrt(d2) from rsqrt.approx.ftz.f64 alone. The instruction is FP64 by type (operand and
// result are doubles) and approximate by value: the special-function unit's reciprocal square
// root of the double's high word, measured on the H200 at 9.0e-7 relative at most over d2 in
// [1e-4, 4] (without .ftz, ptxas refines rsqrt.approx.f64 to 1 ulp and it is 3x slower). Every
// term is positive, so the sum keeps the terms' error: 1.7e-7 at most against the seed, measured.
// The PTX has no FP32 type at all: no conversion, no FP32 arithmetic, nothing the fp64 rule of
// ptx_precision.cpp reads.
#include <pair_potential.cuh>

struct CoulombRsqrtApprox {
  __device__ double operator()(double d2) const {
    double r;
    asm("rsqrt.approx.ftz.f64 %0, %1;" : "=d"(r) : "d"(d2));
    return r;
  }
};

extern "C" __global__ void __launch_bounds__(POT_TB)
    coulomb_rsqrt_approx(const double* x, const double* y, const double* w, double* out, int n,
                         int m) {
  pair_potential_tiled(x, y, w, out, n, m, CoulombRsqrtApprox{});
}
