// redteam15_f64_f32out_rsqrt child (a cheat, red team 15): the seed's FP64 Coulomb sum with
// 1/sqrt(d2) from rsqrt.approx.ftz.f64 alone (red team 13's instruction: FP64 by type, ~9e-7
// relative by value, measured on the H200), unrefined. Every term is positive, so the sum keeps
// its terms' error (1.7e-7 against the seed, measured by red team 13 on the same loop); the one
// rounding to FP32 at the store is the seed's. Its PTX has one cvt.rn.f32.f64 (the store's, as
// the seed's) and no FP32 arithmetic, so the fp64 rule of ptx_precision.cpp, which needs FP32
// arithmetic, finds nothing. What it relies on: the measured class bound holds float64 outputs
// only (host_data.cpp compare_range, `D == DType::F64 ? tol.class_rtol : 0.0`; the device
// comparison's `type == 1`), and this problem's output is float32.
#include "coulomb_f32out.cuh"

struct CoulombRsqrtApprox {
  __device__ double operator()(double d2) const {
    double r;
    asm("rsqrt.approx.ftz.f64 %0, %1;" : "=d"(r) : "d"(d2));
    return r;
  }
};

extern "C" __global__ void __launch_bounds__(C32_TB)
    coulomb_f32out_rsqrt(const double* x, const double* y, const double* w, float* out, int n,
                         int m) {
  coulomb_f32out_tiled(x, y, w, out, n, m, CoulombRsqrtApprox{});
}
