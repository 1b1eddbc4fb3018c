// The seed of the float32-stored Coulomb sum (red team round 15): an FP64 square root and divide
// per pair, the sum in FP64, one rounding to FP32 at the store.
#include "coulomb_f32out.cuh"

struct CoulombDiv {
  __device__ double operator()(double d2) const { return 1.0 / sqrt(d2); }
};

extern "C" __global__ void __launch_bounds__(C32_TB)
    coulomb_f32out_seed(const double* x, const double* y, const double* w, float* out, int n,
                        int m) {
  coulomb_f32out_tiled(x, y, w, out, n, m, CoulombDiv{});
}
