// reference for corpus_fresh6 pmpp_cenergy_const: the Coulomb potential of the atoms at every
// lattice point of the slice, V(x, y) = sum_a q_a / sqrt((x - x_a)^2 + (y - y_a)^2 + dz_a^2),
// the point at (i h, j h), added to the potential already in the grid (the earlier atom chunks);
// one thread per point, summed in float64 with a true square root.
#include "atoms.h"

extern "C" __global__ void cenergy_ref(double* grid, int gridx, int gridy, float h, int numatoms) {
  long long p = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= (long long)gridx * gridy) return;
  double x = (double)h * (double)(p % gridx), y = (double)h * (double)(p / gridx);
  double v = 0.0;
  for (int a = 0; a < numatoms; ++a) {
    double dx = x - (double)atominfo.a[a].x, dy = y - (double)atominfo.a[a].y;
    v += (double)atominfo.a[a].w / sqrt(dx * dx + dy * dy + (double)atominfo.a[a].z);
  }
  grid[p] += v;
}
