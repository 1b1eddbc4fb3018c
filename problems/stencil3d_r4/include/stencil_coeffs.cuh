// The 25-point star stencil of radius 4 (the 8th-order central second difference along each
// axis, summed over x, y and z: a 3D Laplacian as seismic wave codes use it). Shared by every
// variant and the reference, so they compute the same operator; points outside the grid read 0.
#pragma once
#define R 4
__device__ __forceinline__ float st_coeff(int r) {
  // -205/72 * 3 at the centre; 8/5, -1/5, 8/315, -1/560 at distances 1..4.
  return r == 0 ? -8.5416667f
                : r == 1 ? 1.6f : r == 2 ? -0.2f : r == 3 ? 0.025396825f : -0.0017857143f;
}
