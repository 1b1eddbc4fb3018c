// Philox4x32-10 (Salmon, Moraes, Dror, Shaw, SC'11) with cuRAND's counter layout for
// curand_init(seed, subsequence g, offset 0): key = (seed lo, seed hi), counter = (0, 0, g lo,
// g hi); curand_uniform maps a word u to u * 2^-32 + 2^-33. Written for hon19.
#pragma once
__device__ inline void philox10(unsigned int c[4], unsigned int k0, unsigned int k1) {
  for (int r = 0; r < 10; ++r) {
    const unsigned int h0 = __umulhi(0xD2511F53u, c[0]), l0 = 0xD2511F53u * c[0];
    const unsigned int h1 = __umulhi(0xCD9E8D57u, c[2]), l1 = 0xCD9E8D57u * c[2];
    const unsigned int n0 = h1 ^ c[1] ^ k0, n2 = h0 ^ c[3] ^ k1;
    c[0] = n0, c[1] = l1, c[2] = n2, c[3] = l0;
    k0 += 0x9E3779B9u, k1 += 0xBB67AE85u;
  }
}
__device__ inline float philox_uniform(unsigned int u) {
  return u * 2.3283064e-10f + (2.3283064e-10f / 2.0f);
}
