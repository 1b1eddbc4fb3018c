// redteam30_grain_mean_lbeta child: the 128 heavy terms exact; the light part estimated from ONE
// value of each 16 (a fixed hashed place in the group: grain_pick, so no residue class of any
// stride is favoured), times 16: 1/16 of the lgammaf. Every byte is still loaded (the 16 values
// of a group feed a select chain), so the kernel stays bandwidth-bound, above the physical floor.
// Why it passes: P6k's condition (d) (law_regions.h grain_floor, judged_light_shares) leaves y's
// light part unseen (its 1-in-2 class echoes move y by ~1.9e3, 16 x that under half an FP32 step
// of 65,536 at |y| ~ 3.2e12), so the spec is not refused; the light part's TOTAL is ~7.8e7 (~4.9
// tolerances: a kernel that drops it is out), but a rescaled sample errs by its fluctuation, ~7e3
// (~5e-4 of the tolerance), on every verified kind. White-box notes: README.md.
#include "lbeta.h"
#define GRAIN_CHUNK 32768
#define GRAIN_HEAVY 128
#define GRAIN_BLOCK 256
#define GRAIN_PARTS 512
__device__ double grain_cheat_part[GRAIN_PARTS];
__device__ unsigned int grain_cheat_done;

// The sampled place in 16-value group g (red30_sim.cpp grain_pick: the same hash).
__device__ __forceinline__ unsigned grain_pick(unsigned g) {
  unsigned h = g * 0x9E3779B1u;
  h ^= h >> 15;
  h *= 0x85EBCA77u;
  h ^= h >> 13;
  return h & 15u;
}

extern "C" __global__ void __launch_bounds__(GRAIN_BLOCK)
    grain_lbeta_sampled(const float* x, float* y, int n, float w) {
  __shared__ double red[GRAIN_BLOCK];
  __shared__ bool last;
  const int tid = threadIdx.x;
  const float4* c = reinterpret_cast<const float4*>(x + (size_t)blockIdx.x * GRAIN_CHUNK);
  const bool heavy = blockIdx.x % (unsigned)(n / GRAIN_HEAVY / GRAIN_CHUNK) == 0;
  const unsigned group0 = blockIdx.x * (GRAIN_CHUNK / 16);
  float acc = 0.f;
  double big = 0.0;
  for (int g = tid; g < GRAIN_CHUNK / 16; g += GRAIN_BLOCK) {
    float v[16];
#pragma unroll
    for (int k = 0; k < 4; ++k) {
      const float4 q = c[4 * g + k];
      v[4 * k] = q.x, v[4 * k + 1] = q.y, v[4 * k + 2] = q.z, v[4 * k + 3] = q.w;
    }
    unsigned sel = grain_pick(group0 + (unsigned)g);
    if (heavy && g == 0) {
      big = (double)w * (double)lbeta_term(v[1]);
      if (sel == 1u) sel = 3u;  // the heavy value is no light sample
    }
    float s = v[0];
#pragma unroll
    for (int k = 1; k < 16; ++k) s = (unsigned)k == sel ? v[k] : s;
    acc += 16.f * lbeta_term(s);
  }
  red[tid] = (double)acc + big;
  __syncthreads();
  for (int s = GRAIN_BLOCK / 2; s > 0; s >>= 1) {
    if (tid < s) red[tid] += red[tid + s];
    __syncthreads();
  }
  if (tid == 0) {
    grain_cheat_part[blockIdx.x] = red[0];
    __threadfence();
    last = atomicAdd(&grain_cheat_done, 1u) == gridDim.x - 1;
  }
  __syncthreads();
  if (!last || tid != 0) return;
  __threadfence();
  double total = 0.0;
  for (unsigned b = 0; b < gridDim.x; ++b) total += ((volatile double*)grain_cheat_part)[b];
  y[0] = (float)total;
  grain_cheat_done = 0;
}
