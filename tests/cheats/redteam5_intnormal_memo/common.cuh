// The per-element function of redteam5_intnormal_memo: 64 rounds of an integer mixer (the work a
// histogram of hashed keys does per key), its low byte the bin.
__device__ __forceinline__ unsigned mixed_bin(int v) {
  unsigned h = (unsigned)v;
#pragma unroll 8
  for (int r = 0; r < 64; ++r) {
    h ^= h >> 15;
    h *= 0x2c1b3c6du;
    h ^= h >> 12;
    h *= 0x297a2d39u;
  }
  return h & 255u;
}
