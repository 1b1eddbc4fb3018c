// reference for corpus_fresh5 aes_ttable_const: AES-128 encryption written from FIPS-197 on
// bytes (SubBytes, ShiftRows, MixColumns with xtime, AddRoundKey), the round keys taken as given
// (word w of round r XORs bytes 4w..4w+3 of the state, most significant byte first); each
// output word as the kernel stores it (memory order, little-endian), passed as a double.
#include "aes_sbox.h"

__device__ unsigned char xtime(unsigned char b) { return (b << 1) ^ ((b & 0x80) ? 0x1b : 0); }

__device__ void add_key(unsigned char* st, const unsigned int* rk, int round) {
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r) st[4 * c + r] ^= (rk[4 * round + c] >> (24 - 8 * r)) & 0xff;
}

extern "C" __global__ void aes128_ref(const unsigned int* in, double* out, const unsigned int* rk,
                                      int nblocks) {
  int blk = blockIdx.x * blockDim.x + threadIdx.x;
  if (blk >= nblocks) return;
  unsigned char st[16], tmp[16];
  for (int i = 0; i < 16; ++i) st[i] = (in[4 * blk + i / 4] >> (8 * (i % 4))) & 0xff;
  add_key(st, rk, 0);
  for (int round = 1; round <= 10; ++round) {
    for (int i = 0; i < 16; ++i) st[i] = aes_sbox[st[i]];
    for (int c = 0; c < 4; ++c)
      for (int r = 0; r < 4; ++r) tmp[4 * c + r] = st[4 * ((c + r) % 4) + r];
    if (round < 10) {
      for (int c = 0; c < 4; ++c) {
        unsigned char* a = tmp + 4 * c;
        unsigned char all = a[0] ^ a[1] ^ a[2] ^ a[3], a0 = a[0];
        st[4 * c + 0] = a[0] ^ all ^ xtime(a[0] ^ a[1]);
        st[4 * c + 1] = a[1] ^ all ^ xtime(a[1] ^ a[2]);
        st[4 * c + 2] = a[2] ^ all ^ xtime(a[2] ^ a[3]);
        st[4 * c + 3] = a[3] ^ all ^ xtime(a[3] ^ a0);
      }
    } else {
      for (int i = 0; i < 16; ++i) st[i] = tmp[i];
    }
    add_key(st, rk, round);
  }
  for (int w = 0; w < 4; ++w)
    out[4 * blk + w] =
        (double)((unsigned int)st[4 * w] | ((unsigned int)st[4 * w + 1] << 8) |
                 ((unsigned int)st[4 * w + 2] << 16) | ((unsigned int)st[4 * w + 3] << 24));
}
