// Red team 32's redteam32_hashed_light_lbeta: y = sum over the values i whose pair i / 2 falls in
// the lint's hashed classes 0..14 (echo_mix(i / 2) % 32 < 15: engine/backend/gpu/echo_map.h, a
// fixed public hash) of f(x_i), plus 10^7 x (f(x_2j) + f(x_2j+1)) for 8 heavy pairs j (the first
// pair at or after k n / 16 in hashed class 15), f = log B(x + 4, x + 2) (lbeta.h). 16 hashed
// classes move y, 16 do not: its hashed light share is 0 and the lint takes no strided class.
// EVERY 1 (the seed): every light value. EVERY 4 (the child): per group of 4 x 512 values, one warp
// reads the light values of the group's first 512 and scales their sum by the group's light count
// over theirs (both counted from the hash alone: nothing more read). The heavy pairs exact.
#pragma once
#include "lbeta.h"
#define HL_CLASSES 32ull
#define HL_LIGHT 15ull
#define HL_HEAVY_CLASS 15ull
#define HL_W 1.0e7f
__device__ __forceinline__ unsigned long long hl_mix(unsigned long long z) {
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
__device__ __forceinline__ bool hl_light(long long i) {
  return hl_mix((unsigned long long)(i >> 1)) % HL_CLASSES < HL_LIGHT;
}
// Heavy pair k (< 8): the first pair at or after k n / 16 whose hashed class is 15.
__device__ __forceinline__ long long hl_heavy_pair(int k, int n) {
  unsigned long long j = (unsigned long long)k * (unsigned long long)(n / 16);
  while (hl_mix(j) % HL_CLASSES != HL_HEAVY_CLASS) ++j;
  return (long long)j;
}
template <int EVERY>
__device__ __forceinline__ void hashed_body(const float* x, float* y, int n) {
  const long long g = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  const long long threads = (long long)gridDim.x * blockDim.x;
  float acc = 0.f;
  if (EVERY == 1) {
    for (long long i = g; i < n; i += threads)
      if (hl_light(i)) acc += lbeta_term(x[i]);
  } else {
    const int lane = threadIdx.x & 31;
    const long long warp = g >> 5, warps = threads >> 5, span = 512LL * EVERY;
    for (long long grp = warp; grp < n / span; grp += warps) {
      const long long base = grp * span;
      float s = 0.f;
      int read = 0, all = 0;
      for (int t = lane; t < 512; t += 32)
        if (hl_light(base + t)) s += lbeta_term(x[base + t]), ++read;
      for (long long t = 512 + lane; t < span; t += 32) all += hl_light(base + t);
      s = warp_sum(s);
      for (int o = 16; o > 0; o >>= 1) {
        read += __shfl_xor_sync(0xffffffffu, read, o);
        all += __shfl_xor_sync(0xffffffffu, all, o);
      }
      if (lane == 0 && read > 0) acc += s * ((float)(read + all) / (float)read);
    }
  }
  if (g < 8) {
    const long long j = hl_heavy_pair((int)g, n);
    acc += HL_W * (lbeta_term(x[2 * j]) + lbeta_term(x[2 * j + 1]));
  }
  block_sum_add<8>(acc, y);
}
