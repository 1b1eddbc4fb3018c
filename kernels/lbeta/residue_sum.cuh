// Red team 32's redteam32_residue_light_lbeta: y = 10^6 sum_{k < 128} f(x[2 j_k + 1]) + sum_{i in
// L} f(x_i), f = log B(x + 4, x + 2) (lbeta.h), j_k = k (n / 512) + 64 + k (128 heavy pairs, one at
// each strided residue 64..191 mod 256), L = {i : (i / 2) mod 256 < 63}: runs of 126 values at
// the start of every 512 (a quarter of the input; the light part lives on 63 of the 256 strided
// classes, under P6k's kLightSpread). EVERY: the runs read, one in EVERY (1: the seed; 4: the
// child, the light sum times 4); the heavy terms always exact. A grid-stride loop, one FP32
// atomicAdd a block.
#pragma once
#include "lbeta.h"
#define RESIDUE_RUN 126
#define RESIDUE_STRIDE 512
#define RESIDUE_HEAVY 128
template <int EVERY>
__device__ __forceinline__ void residue_body(const float* x, float* y, int n) {
  const long long runs = (long long)n / RESIDUE_STRIDE;
  const long long total = (runs + EVERY - 1) / EVERY * RESIDUE_RUN;
  const long long g = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.f;
  for (long long t = g; t < total; t += (long long)gridDim.x * blockDim.x) {
    const long long m = t / RESIDUE_RUN * EVERY, off = t % RESIDUE_RUN;
    acc += lbeta_term(x[m * RESIDUE_STRIDE + off]);
  }
  acc *= (float)EVERY;
  if (g < RESIDUE_HEAVY) {
    const long long j = g * ((long long)n / 512) + 64 + g;
    acc += 1.0e6f * lbeta_term(x[2 * j + 1]);
  }
  block_sum_add<8>(acc, y);
}
