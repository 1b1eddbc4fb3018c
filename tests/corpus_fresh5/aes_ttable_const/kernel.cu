// corpus_fresh5: aes_ttable_const -- the T-table AES encryption of rijndael-alg-fst.c (v3.0,
// Rijmen, Bosselaers, Barreto; public domain: rijndaelEncrypt) as the common first CUDA port
// has it: the five tables in __constant__ memory, one 16-byte block per thread (ECB), AES-128
// (10 rounds) with the expanded key passed in global memory. Rewritten for the problem format
// (see README.md).
#include "aes_te_tables.h"

__device__ __forceinline__ unsigned int be32(unsigned int w) { return __byte_perm(w, 0, 0x0123); }

extern "C" __global__ void aes128_ecb_encrypt_ttable(const uint4* __restrict__ in,
                                                     uint4* __restrict__ out,
                                                     const unsigned int* __restrict__ rk,
                                                     int nblocks) {
  int blk = blockIdx.x * blockDim.x + threadIdx.x;
  if (blk >= nblocks) return;
  uint4 p = in[blk];
  unsigned int s0 = be32(p.x) ^ rk[0], s1 = be32(p.y) ^ rk[1];
  unsigned int s2 = be32(p.z) ^ rk[2], s3 = be32(p.w) ^ rk[3];
  unsigned int t0, t1, t2, t3;
  for (int r = 1; r < 10; ++r) {
    const unsigned int* k = rk + 4 * r;
    t0 = Te0[s0 >> 24] ^ Te1[(s1 >> 16) & 0xff] ^ Te2[(s2 >> 8) & 0xff] ^ Te3[s3 & 0xff] ^ k[0];
    t1 = Te0[s1 >> 24] ^ Te1[(s2 >> 16) & 0xff] ^ Te2[(s3 >> 8) & 0xff] ^ Te3[s0 & 0xff] ^ k[1];
    t2 = Te0[s2 >> 24] ^ Te1[(s3 >> 16) & 0xff] ^ Te2[(s0 >> 8) & 0xff] ^ Te3[s1 & 0xff] ^ k[2];
    t3 = Te0[s3 >> 24] ^ Te1[(s0 >> 16) & 0xff] ^ Te2[(s1 >> 8) & 0xff] ^ Te3[s2 & 0xff] ^ k[3];
    s0 = t0;
    s1 = t1;
    s2 = t2;
    s3 = t3;
  }
  const unsigned int* k = rk + 40;
  t0 = (Te4[s0 >> 24] & 0xff000000u) ^ (Te4[(s1 >> 16) & 0xff] & 0x00ff0000u) ^
       (Te4[(s2 >> 8) & 0xff] & 0x0000ff00u) ^ (Te4[s3 & 0xff] & 0x000000ffu) ^ k[0];
  t1 = (Te4[s1 >> 24] & 0xff000000u) ^ (Te4[(s2 >> 16) & 0xff] & 0x00ff0000u) ^
       (Te4[(s3 >> 8) & 0xff] & 0x0000ff00u) ^ (Te4[s0 & 0xff] & 0x000000ffu) ^ k[1];
  t2 = (Te4[s2 >> 24] & 0xff000000u) ^ (Te4[(s3 >> 16) & 0xff] & 0x00ff0000u) ^
       (Te4[(s0 >> 8) & 0xff] & 0x0000ff00u) ^ (Te4[s1 & 0xff] & 0x000000ffu) ^ k[2];
  t3 = (Te4[s3 >> 24] & 0xff000000u) ^ (Te4[(s0 >> 16) & 0xff] & 0x00ff0000u) ^
       (Te4[(s1 >> 8) & 0xff] & 0x0000ff00u) ^ (Te4[s2 & 0xff] & 0x000000ffu) ^ k[3];
  out[blk] = make_uint4(be32(t0), be32(t1), be32(t2), be32(t3));
}
