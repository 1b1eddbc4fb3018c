// The Monte Carlo count of redteam14_int_seed_sample: each seed s drives POINTS draws of
// splitmix64(s, k); a draw's high and low 31 bits are a point of the unit square in fixed point,
// a hit when it lies inside the quarter circle (x^2 + y^2 < 2^62, exact in 64-bit integers).
// Shared by the seed and the child; the float64 reference computes the same integers.
#pragma once
#define POINTS 32
__host__ __device__ __forceinline__ unsigned long long mc_mix(unsigned long long z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
__host__ __device__ __forceinline__ int mc_hits(int seed) {
  int hits = 0;
  const unsigned long long base = (unsigned long long)(unsigned)seed * 0x9e3779b97f4a7c15ull;
#pragma unroll 4
  for (int k = 0; k < POINTS; ++k) {
    const unsigned long long d = mc_mix(base + 0x632be59bd9b4e019ull * (unsigned long long)(k + 1));
    const unsigned long long x = d >> 33, y = (d >> 1) & 0x7fffffffull;
    hits += x * x + y * y < (1ull << 62) ? 1 : 0;
  }
  return hits;
}
