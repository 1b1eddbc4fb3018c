// redteam14_int_seed_sample seed: one chunk of TILES x BLOCK seeds per block, every seed's hit
// count (montecarlo.h: 32 splitmix64 points, 64-bit integer arithmetic: compute-bound), summed
// per thread in integers, per block in FP32, one atomic per block. Needs n a multiple of
// TILES x BLOCK (the problem's is 2^24).
#include "montecarlo.h"
#define BLOCK 256
#define TILES 16
__device__ __forceinline__ float warp_sum(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}
extern "C" __global__ void __launch_bounds__(BLOCK) mc_count(const int* seeds, float* out, int n) {
  __shared__ float part[BLOCK / 32];
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const long long base = (long long)blockIdx.x * TILES * BLOCK;
  int h = 0;
  for (int t = 0; t < TILES; ++t) h += mc_hits(seeds[base + t * BLOCK + tid]);
  float v = warp_sum((float)h);
  if (lane == 0) part[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = warp_sum(lane < BLOCK / 32 ? part[lane] : 0.0f);
    if (lane == 0) atomicAdd(out, v);
  }
}
