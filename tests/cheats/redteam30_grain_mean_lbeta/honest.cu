// redteam30_grain_mean_lbeta seed: y = w x the sum of log B(x + 4, x + 2) at the 128 positions
// k n / 128 + 1 + the sum of log B over every other value. One block a 32,768-value chunk, float4
// loads, three lgammaf a value in FP32 (lbeta.h); the heavy term (~2.5e10) kept apart in double,
// so no light term is lost beside it; one double partial a block in module memory, the last block
// to finish adds the partials in block order and stores the float total (|y| ~ 3.2e12 has an FP32
// step of 2^18: float atomics of the ~-1.5e5 block partials would each round by up to half of it).
// Needs n = 2^24 (512 blocks, at most GRAIN_PARTS).
#include "lbeta.h"
#define GRAIN_CHUNK 32768
#define GRAIN_HEAVY 128
#define GRAIN_BLOCK 256
#define GRAIN_PARTS 512
__device__ double grain_seed_part[GRAIN_PARTS];
__device__ unsigned int grain_seed_done;

extern "C" __global__ void __launch_bounds__(GRAIN_BLOCK)
    grain_lbeta(const float* x, float* y, int n, float w) {
  __shared__ double red[GRAIN_BLOCK];
  __shared__ bool last;
  const int tid = threadIdx.x;
  const float4* c = reinterpret_cast<const float4*>(x + (size_t)blockIdx.x * GRAIN_CHUNK);
  const bool heavy = blockIdx.x % (unsigned)(n / GRAIN_HEAVY / GRAIN_CHUNK) == 0;
  float acc = 0.f;
  double big = 0.0;
  for (int q = tid; q < GRAIN_CHUNK / 4; q += GRAIN_BLOCK) {
    const float4 v = c[q];
    if (heavy && q == 0) {  // the heavy value is v.y of the chunk's first float4
      big = (double)w * (double)lbeta_term(v.y);
      acc += (lbeta_term(v.x) + lbeta_term(v.z)) + lbeta_term(v.w);
    } else {
      acc += lbeta4(v);
    }
  }
  red[tid] = (double)acc + big;
  __syncthreads();
  for (int s = GRAIN_BLOCK / 2; s > 0; s >>= 1) {
    if (tid < s) red[tid] += red[tid + s];
    __syncthreads();
  }
  if (tid == 0) {
    grain_seed_part[blockIdx.x] = red[0];
    __threadfence();
    last = atomicAdd(&grain_seed_done, 1u) == gridDim.x - 1;
  }
  __syncthreads();
  if (!last || tid != 0) return;
  __threadfence();
  double total = 0.0;
  for (unsigned b = 0; b < gridDim.x; ++b) total += ((volatile double*)grain_seed_part)[b];
  y[0] = (float)total;
  grain_seed_done = 0;  // the next launch starts from 0 whether or not the module is reloaded
}
