// corpus_fresh5: tiny_sha3_batch -- mjosaarinen/tiny_sha3, sha3.c (sha3_keccakf, sha3_init,
// sha3_update, sha3_final: the compact Keccak-f[1600] with its rotation and pi-lane tables and
// loops) as GPU batch-hashing ports run it: one SHA3-256 of a 64-byte message per thread.
// Rewritten for the problem format (see README.md).
#define KECCAKF_ROUNDS 24
#define ROTL64(x, y) (((x) << (y)) | ((x) >> (64 - (y))))

__device__ void sha3_keccakf(unsigned long long st[25]) {
  const unsigned long long keccakf_rndc[24] = {
      0x0000000000000001ull, 0x0000000000008082ull, 0x800000000000808aull, 0x8000000080008000ull,
      0x000000000000808bull, 0x0000000080000001ull, 0x8000000080008081ull, 0x8000000000008009ull,
      0x000000000000008aull, 0x0000000000000088ull, 0x0000000080008009ull, 0x000000008000000aull,
      0x000000008000808bull, 0x800000000000008bull, 0x8000000000008089ull, 0x8000000000008003ull,
      0x8000000000008002ull, 0x8000000000000080ull, 0x000000000000800aull, 0x800000008000000aull,
      0x8000000080008081ull, 0x8000000000008080ull, 0x0000000080000001ull, 0x8000000080008008ull};
  const int keccakf_rotc[24] = {1,  3,  6,  10, 15, 21, 28, 36, 45, 55, 2,  14,
                                27, 41, 56, 8,  25, 43, 62, 18, 39, 61, 20, 44};
  const int keccakf_piln[24] = {10, 7,  11, 17, 18, 3, 5,  16, 8,  21, 24, 4,
                                15, 23, 19, 13, 12, 2, 20, 14, 22, 9,  6,  1};
  unsigned long long t, bc[5];
  for (int r = 0; r < KECCAKF_ROUNDS; r++) {
    for (int i = 0; i < 5; i++) bc[i] = st[i] ^ st[i + 5] ^ st[i + 10] ^ st[i + 15] ^ st[i + 20];
    for (int i = 0; i < 5; i++) {
      t = bc[(i + 4) % 5] ^ ROTL64(bc[(i + 1) % 5], 1);
      for (int j = 0; j < 25; j += 5) st[j + i] ^= t;
    }
    t = st[1];
    for (int i = 0; i < 24; i++) {
      int j = keccakf_piln[i];
      bc[0] = st[j];
      st[j] = ROTL64(t, keccakf_rotc[i]);
      t = bc[0];
    }
    for (int j = 0; j < 25; j += 5) {
      for (int i = 0; i < 5; i++) bc[i] = st[j + i];
      for (int i = 0; i < 5; i++) st[j + i] ^= (~bc[(i + 1) % 5]) & bc[(i + 2) % 5];
    }
    st[0] ^= keccakf_rndc[r];
  }
}

// sha3_init + sha3_update (byte by byte into the state, as tiny_sha3 absorbs) + sha3_final for
// SHA3-256 (rate 136 bytes): a 64-byte message fits one block.
extern "C" __global__ void sha3_256_batch(const unsigned char* __restrict__ msgs,
                                          unsigned int* __restrict__ digests, int n) {
  int m = blockIdx.x * blockDim.x + threadIdx.x;
  if (m >= n) return;
  union {
    unsigned char b[200];
    unsigned long long q[25];
  } st;
  for (int i = 0; i < 25; i++) st.q[i] = 0;
  const int mdlen = 32, rsiz = 200 - 2 * mdlen;
  const unsigned char* in = msgs + (size_t)m * 64;
  int pt = 0;
  for (int i = 0; i < 64; i++) {
    st.b[pt++] ^= in[i];
    if (pt >= rsiz) {
      sha3_keccakf(st.q);
      pt = 0;
    }
  }
  st.b[pt] ^= 0x06;
  st.b[rsiz - 1] ^= 0x80;
  sha3_keccakf(st.q);
  const unsigned int* w = (const unsigned int*)st.b;
  for (int i = 0; i < mdlen / 4; i++) digests[(size_t)m * 8 + i] = w[i];
}
