// One thread VPT consecutive outputs along x (VPT a multiple of 4), every load a 16-byte float4
// through the read-only path: the x neighbours as one window of VPT + 8 values (the float4s at
// x0 - 4 .. x0 + VPT, zero past the row's ends) reused from registers by all VPT outputs, and the
// y and z neighbours as the same VPT columns of the rows r = 1..4 away (zero outside the grid).
// A flattened 1-D grid over (x / VPT, y, z), x fastest, so a warp's float4s are contiguous.
// Per VPT outputs: VPT/4 + 2 loads for x and the centre, 16 * VPT/4 for y and z: 4.75 loads an
// output at VPT = 4 (4.625 at 8), against 25 for one output a thread (`naive`, and the pointwise
// kernel torch.compile generates for the same star, which vectorises only the aligned offsets).
// Knobs: BLOCK threads a block; VPT outputs a thread (4, 8). Requires NX % VPT == 0 and NX % 4
// == 0 (rows 16-byte aligned; constraints). Written for this repository (issue 33).
#include "stencil_coeffs.cuh"
#ifndef BLOCK
#define BLOCK 256
#endif
#ifndef VPT
#define VPT 4
#endif
#define NV (VPT / 4)  // float4s a row segment

__device__ __forceinline__ float4 v4(const float* __restrict__ u, long long at, bool in) {
  return in ? __ldg(reinterpret_cast<const float4*>(u + at)) : make_float4(0.f, 0.f, 0.f, 0.f);
}

extern "C" __global__ void __launch_bounds__(BLOCK)
    stencil_vec(const float* __restrict__ u, float* __restrict__ out, int NX, int NY, int NZ) {
  const long long t = (long long)blockIdx.x * BLOCK + threadIdx.x;
  const int per_row = NX / VPT;
  const long long row = t / per_row;  // y + NY * z
  const int x0 = (int)(t - row * per_row) * VPT;
  if (row >= (long long)NY * NZ) return;
  const int y = (int)(row % NY), z = (int)(row / NY);
  const long long base = row * NX + x0;
  const long long plane = (long long)NX * NY;

  // The x window: w[k] = u(x0 - 4 + k), k = 0 .. VPT + 7.
  float w[VPT + 8];
  {
    float4 l = v4(u, base - 4, x0 >= 4);
    w[0] = l.x, w[1] = l.y, w[2] = l.z, w[3] = l.w;
#pragma unroll
    for (int j = 0; j < NV; ++j) {
      float4 c = v4(u, base + 4 * j, true);
      w[4 + 4 * j] = c.x, w[5 + 4 * j] = c.y, w[6 + 4 * j] = c.z, w[7 + 4 * j] = c.w;
    }
    float4 r = v4(u, base + VPT, x0 + VPT + 4 <= NX);
    w[VPT + 4] = r.x, w[VPT + 5] = r.y, w[VPT + 6] = r.z, w[VPT + 7] = r.w;
  }
  float acc[VPT];
#pragma unroll
  for (int i = 0; i < VPT; ++i) {
    float a = st_coeff(0) * w[i + 4];
#pragma unroll
    for (int r = 1; r <= R; ++r) a += st_coeff(r) * (w[i + 4 - r] + w[i + 4 + r]);
    acc[i] = a;
  }
  // y and z: the same VPT columns, r rows / planes away on each side.
#pragma unroll
  for (int r = 1; r <= R; ++r) {
    const float c = st_coeff(r);
#pragma unroll
    for (int j = 0; j < NV; ++j) {
      const float4 a = v4(u, base - (long long)r * NX + 4 * j, y - r >= 0);
      const float4 b = v4(u, base + (long long)r * NX + 4 * j, y + r < NY);
      const float4 d = v4(u, base - r * plane + 4 * j, z - r >= 0);
      const float4 e = v4(u, base + r * plane + 4 * j, z + r < NZ);
      acc[4 * j + 0] += c * ((a.x + b.x) + (d.x + e.x));
      acc[4 * j + 1] += c * ((a.y + b.y) + (d.y + e.y));
      acc[4 * j + 2] += c * ((a.z + b.z) + (d.z + e.z));
      acc[4 * j + 3] += c * ((a.w + b.w) + (d.w + e.w));
    }
  }
#pragma unroll
  for (int j = 0; j < NV; ++j)
    *reinterpret_cast<float4*>(out + base + 4 * j) =
        make_float4(acc[4 * j], acc[4 * j + 1], acc[4 * j + 2], acc[4 * j + 3]);
}
