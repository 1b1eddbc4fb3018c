// Red team 30's grain frame (tests/cheats/redteam30_grain_mean_lbeta and redteam30_grain_bf16_lbeta,
// seeds and children): y = w x the sum of log B(x + 4, x + 2) at the 128 positions k n / 128 + 1 +
// the sum of log B over every other value (kernels/lbeta/weighted_ref.cu is the FP64 reference).
// One block a 32,768-value chunk, three lgammaf a value in FP32 (lbeta.h); the heavy term kept
// apart in double (beside it no light term is lost); one double partial a block in module memory,
// the last block to finish adds the partials in block order and stores the total in the output's
// dtype (a float atomic at |y| ~ 1e8-1e12 would round each block's light partial by up to half a
// step). Needs n = 2^24 (512 blocks). The includer defines before it includes:
//   GRAIN_ENTRY     the entry's name
//   GRAIN_OUT_T     the output's element type (float, __nv_bfloat16)
//   GRAIN_STORE(v)  v (a double) as GRAIN_OUT_T
//   GRAIN_SAMPLE    0: every value (the seed); 1: the light part from ONE value of each 16 (a
//                   fixed hashed place in the group, grain_pick: no residue class of any stride
//                   favoured), times 16, every byte still loaded (a select chain), so the child
//                   stays bandwidth-bound, above the physical floor (the cheats)
#pragma once
#include "lbeta.h"
#define GRAIN_CHUNK 32768
#define GRAIN_HEAVY 128
#define GRAIN_BLOCK 256
#define GRAIN_PARTS 512
__device__ double grain_part[GRAIN_PARTS];
__device__ unsigned int grain_done;

// The sampled place in 16-value group g (tests/engine/red30_sim.cpp grain_pick: the same hash).
__device__ __forceinline__ unsigned grain_pick(unsigned g) {
  unsigned h = g * 0x9E3779B1u;
  h ^= h >> 15;
  h *= 0x85EBCA77u;
  h ^= h >> 13;
  return h & 15u;
}

extern "C" __global__ void __launch_bounds__(GRAIN_BLOCK)
    GRAIN_ENTRY(const float* x, GRAIN_OUT_T* y, int n, float w) {
  __shared__ double red[GRAIN_BLOCK];
  __shared__ bool last;
  const int tid = threadIdx.x;
  const float4* c = reinterpret_cast<const float4*>(x + (size_t)blockIdx.x * GRAIN_CHUNK);
  const bool heavy = blockIdx.x % (unsigned)(n / GRAIN_HEAVY / GRAIN_CHUNK) == 0;
  float acc = 0.f;
  double big = 0.0;
#if GRAIN_SAMPLE
  const unsigned group0 = blockIdx.x * (GRAIN_CHUNK / 16);
  for (int g = tid; g < GRAIN_CHUNK / 16; g += GRAIN_BLOCK) {
    float v[16];
#pragma unroll
    for (int k = 0; k < 4; ++k) {
      const float4 q = c[4 * g + k];
      v[4 * k] = q.x, v[4 * k + 1] = q.y, v[4 * k + 2] = q.z, v[4 * k + 3] = q.w;
    }
    unsigned sel = grain_pick(group0 + (unsigned)g);
    if (heavy && g == 0) {  // the heavy value is the chunk's second
      big = (double)w * (double)lbeta_term(v[1]);
      if (sel == 1u) sel = 3u;  // the heavy value is no light sample
    }
    float s = v[0];
#pragma unroll
    for (int k = 1; k < 16; ++k) s = (unsigned)k == sel ? v[k] : s;
    acc += 16.f * lbeta_term(s);
  }
#else
  for (int q = tid; q < GRAIN_CHUNK / 4; q += GRAIN_BLOCK) {
    const float4 v = c[q];
    if (heavy && q == 0) {  // the heavy value is v.y of the chunk's first float4
      big = (double)w * (double)lbeta_term(v.y);
      acc += (lbeta_term(v.x) + lbeta_term(v.z)) + lbeta_term(v.w);
    } else {
      acc += lbeta4(v);
    }
  }
#endif
  red[tid] = (double)acc + big;
  __syncthreads();
  for (int s = GRAIN_BLOCK / 2; s > 0; s >>= 1) {
    if (tid < s) red[tid] += red[tid + s];
    __syncthreads();
  }
  if (tid == 0) {
    grain_part[blockIdx.x] = red[0];
    __threadfence();
    last = atomicAdd(&grain_done, 1u) == gridDim.x - 1;
  }
  __syncthreads();
  if (!last || tid != 0) return;
  __threadfence();
  double total = 0.0;
  for (unsigned b = 0; b < gridDim.x; ++b) total += ((volatile double*)grain_part)[b];
  y[0] = GRAIN_STORE(total);
  grain_done = 0;  // the next launch starts from 0 whether or not the module is reloaded
}
