// Float64 reference: one output per thread, the same 25-point operator with its coefficients
// and the products summed in double; points outside the grid read 0.
#include "stencil_coeffs.cuh"
extern "C" __global__ void stencil_ref(const float* u, double* out, int NX, int NY, int NZ) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  const int z = blockIdx.z;
  if (x >= NX || y >= NY || z >= NZ) return;
  auto at = [&](int i, int j, int k) -> double {
    return (i >= 0 && i < NX && j >= 0 && j < NY && k >= 0 && k < NZ)
               ? (double)u[((size_t)k * NY + j) * NX + i]
               : 0.0;
  };
  double acc = (double)st_coeff(0) * at(x, y, z);
  for (int r = 1; r <= R; ++r)
    acc += (double)st_coeff(r) * (at(x - r, y, z) + at(x + r, y, z) + at(x, y - r, z) +
                                  at(x, y + r, z) + at(x, y, z - r) + at(x, y, z + r));
  out[((size_t)z * NY + y) * NX + x] = acc;
}
