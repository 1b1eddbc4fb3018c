// The seed of red team 7's off-law sum and the folders built on it (kaiser.h names them): each
// block one contiguous chunk of 32,768 floats (32 float4 tiles of 1,024 floats, one float4 per
// thread a tile), every x weighted by its Kaiser window value (FP64 per element: compute-bound),
// warp shuffles, one atomic per block. Needs n a multiple of 32,768 (the problem's is 2^26).
#include "kaiser.h"
#define BLOCK 256
#define TILES 32
extern "C" __global__ void __launch_bounds__(BLOCK) kaiser_sum(const float* x, float* out, int n) {
  __shared__ float part[BLOCK / 32];
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const long long base = (long long)blockIdx.x * TILES * BLOCK * 4;
  const float4* c = reinterpret_cast<const float4*>(x + base);
  float v = 0.0f;
#pragma unroll 2
  for (int t = 0; t < TILES; ++t)
    v += kaiser_dot4(c[t * BLOCK + tid], base + 4ll * (t * BLOCK + tid), n);
  v = warp_sum(v);
  if (lane == 0) part[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = warp_sum(lane < BLOCK / 32 ? part[lane] : 0.0f);
    if (lane == 0) atomicAdd(out, v);
  }
}
