// The 25-point star stencil with the structure of a production stencil kernel as knobs:
//   BX, BY  threads per block along x and y (a block covers BX*XPT x BY points of a plane)
//   XPT     outputs per thread along x, BX apart (each a coalesced column of the block's tile)
//   ZB      planes per block: the block marches up z through ZB planes (1 = one plane each)
//   QUEUE   1: each thread keeps the 2R+1 values of its column along z in registers, shifting
//           by one and loading one new value per plane; 0: z neighbours loaded every plane
//   SMEM    1: each plane's tile plus its R-wide halo staged in shared memory (one barrier pair
//           per plane), x/y neighbours read from it; 0: x/y neighbours read from global (L1)
// Points outside the grid read 0, as in the reference. Requires NX % (BX*XPT) == 0,
// NY % BY == 0 and NZ % ZB == 0 (constraints).
#include "stencil_coeffs.cuh"
#ifndef BX
#define BX 32
#endif
#ifndef BY
#define BY 4
#endif
#ifndef XPT
#define XPT 1
#endif
#ifndef ZB
#define ZB 8
#endif
#ifndef QUEUE
#define QUEUE 1
#endif
#ifndef SMEM
#define SMEM 1
#endif
#define TW (BX * XPT)     // tile width along x
#define SW (TW + 2 * R)   // staged row width (with halo)
#define SH (BY + 2 * R)   // staged rows

__device__ __forceinline__ float ld(const float* __restrict__ u, int x, int y, int z, int NX,
                                    int NY, int NZ) {
  return (x >= 0 && x < NX && y >= 0 && y < NY && z >= 0 && z < NZ)
             ? __ldg(u + ((size_t)z * NY + y) * NX + x)
             : 0.0f;
}

extern "C" __global__ void __launch_bounds__(BX * BY)
    stencil_march(const float* __restrict__ u, float* __restrict__ out, int NX, int NY, int NZ) {
#if SMEM
  __shared__ float tile[SH][SW];
#endif
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int x0 = blockIdx.x * TW, y = blockIdx.y * BY + ty;
  const int z0 = blockIdx.z * ZB;
#if QUEUE
  float q[XPT][2 * R + 1];  // q[e][R + d] = u(x_e, y, z + d)
#pragma unroll
  for (int e = 0; e < XPT; ++e)
#pragma unroll
    for (int d = -R; d < R; ++d) q[e][R + d] = ld(u, x0 + e * BX + tx, y, z0 + d, NX, NY, NZ);
#endif
  for (int z = z0; z < z0 + ZB; ++z) {
#if QUEUE
#pragma unroll
    for (int e = 0; e < XPT; ++e) q[e][2 * R] = ld(u, x0 + e * BX + tx, y, z + R, NX, NY, NZ);
#endif
#if SMEM
    __syncthreads();  // the previous plane's readers are done with the tile
    for (int i = ty * BX + tx; i < SH * SW; i += BX * BY) {
      const int r = i / SW, c = i % SW;
      tile[r][c] = ld(u, x0 + c - R, blockIdx.y * BY + r - R, z, NX, NY, NZ);
    }
    __syncthreads();
#endif
#pragma unroll
    for (int e = 0; e < XPT; ++e) {
      const int x = x0 + e * BX + tx;
#if SMEM
      const int c = e * BX + tx + R, r = ty + R;
      float acc = st_coeff(0) * tile[r][c];
#pragma unroll
      for (int d = 1; d <= R; ++d)
        acc += st_coeff(d) * (tile[r][c - d] + tile[r][c + d] + tile[r - d][c] + tile[r + d][c]);
#else
      float acc = st_coeff(0) * ld(u, x, y, z, NX, NY, NZ);
#pragma unroll
      for (int d = 1; d <= R; ++d)
        acc += st_coeff(d) * (ld(u, x - d, y, z, NX, NY, NZ) + ld(u, x + d, y, z, NX, NY, NZ) +
                              ld(u, x, y - d, z, NX, NY, NZ) + ld(u, x, y + d, z, NX, NY, NZ));
#endif
#pragma unroll
      for (int d = 1; d <= R; ++d)
#if QUEUE
        acc += st_coeff(d) * (q[e][R - d] + q[e][R + d]);
#else
        acc += st_coeff(d) * (ld(u, x, y, z - d, NX, NY, NZ) + ld(u, x, y, z + d, NX, NY, NZ));
#endif
      out[((size_t)z * NY + y) * NX + x] = acc;
    }
#if QUEUE
#pragma unroll
    for (int e = 0; e < XPT; ++e)
#pragma unroll
      for (int d = 0; d < 2 * R; ++d) q[e][d] = q[e][d + 1];
#endif
  }
}
