// The two-hand deal's kernel frame (kernels/boys/deal_points.cu's seed and
// control_redteam29_deal_exact_hand's honest child): a shuffled deck p of n cards dealt
// alternately, player A the even places, B the odd; card v scores floor(256 SCORE(30 v / n)).
// One card a thread; each warp sums its even and its odd lanes apart (shuffles of stride 2 and
// up: integers under 2^24, exact), each block adds its two hands to 64-bit integer totals (exact
// in any order), and the last block to finish stores them as floats and clears the totals
// (module memory). The includer names the entry, its F0 and its two module variables:
//   DEAL_KERNEL(entry, score, totals, done)
#pragma once

#define DEAL_KERNEL(ENTRY, SCORE, TOTAL, DONE)                                                \
  __device__ unsigned long long TOTAL[2];                                                      \
  __device__ unsigned int DONE;                                                                \
  extern "C" __global__ void __launch_bounds__(256) ENTRY(const int* p, float* out, int n) {   \
    __shared__ float part[2][8];                                                               \
    __shared__ bool last;                                                                      \
    const int i = blockIdx.x * blockDim.x + threadIdx.x;                                       \
    float v = 0.0f;                                                                            \
    if (i < n) v = floorf(256.0f * SCORE(30.0f * (float)p[i] / (float)n));                     \
    for (int o = 16; o > 1; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);                 \
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;                                \
    if (lane < 2) part[lane][warp] = v;                                                        \
    __syncthreads();                                                                           \
    if (threadIdx.x < 2) {                                                                     \
      float s = 0.0f;                                                                          \
      for (int w = 0; w < 8; ++w) s += part[threadIdx.x][w];                                   \
      atomicAdd(&TOTAL[threadIdx.x], (unsigned long long)s);                                   \
    }                                                                                          \
    __threadfence();                                                                           \
    __syncthreads();                                                                           \
    if (threadIdx.x == 0) last = atomicAdd(&DONE, 1u) == gridDim.x - 1;                        \
    __syncthreads();                                                                           \
    if (!last || threadIdx.x >= 2) return;                                                     \
    __threadfence();                                                                           \
    out[threadIdx.x] = (float)atomicExch(&TOTAL[threadIdx.x], 0ull);                           \
    if (threadIdx.x == 0) DONE = 0;                                                            \
  }
