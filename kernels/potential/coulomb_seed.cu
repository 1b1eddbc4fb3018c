// The seed of the Coulomb sum (red team round 13): out[i] = sum_j w[j] / sqrt(d2), written as
// numerical code usually writes it: an FP64 square root and an FP64 divide.
#include <pair_potential.cuh>

struct CoulombDiv {
  __device__ double operator()(double d2) const { return 1.0 / sqrt(d2); }
};

extern "C" __global__ void __launch_bounds__(POT_TB)
    coulomb_tiled(const double* x, const double* y, const double* w, double* out, int n, int m) {
  pair_potential_tiled(x, y, w, out, n, m, CoulombDiv{});
}
