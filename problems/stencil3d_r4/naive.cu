// Seed: one output per thread, a 2D block over (x, y) of 16 x 16 and one grid layer per z, every
// one of the 25 inputs read from global memory (L1 and L2 catch the reuse, if they can).
#include "stencil_coeffs.cuh"
__device__ __forceinline__ float at(const float* u, int x, int y, int z, int NX, int NY, int NZ) {
  return (x >= 0 && x < NX && y >= 0 && y < NY && z >= 0 && z < NZ)
             ? u[((size_t)z * NY + y) * NX + x]
             : 0.0f;
}
extern "C" __global__ void stencil_naive(const float* u, float* out, int NX, int NY, int NZ) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  const int z = blockIdx.z;
  if (x >= NX || y >= NY || z >= NZ) return;
  float acc = st_coeff(0) * at(u, x, y, z, NX, NY, NZ);
  for (int r = 1; r <= R; ++r)
    acc += st_coeff(r) * (at(u, x - r, y, z, NX, NY, NZ) + at(u, x + r, y, z, NX, NY, NZ) +
                          at(u, x, y - r, z, NX, NY, NZ) + at(u, x, y + r, z, NX, NY, NZ) +
                          at(u, x, y, z - r, NX, NY, NZ) + at(u, x, y, z + r, NX, NY, NZ));
  out[((size_t)z * NY + y) * NX + x] = acc;
}
