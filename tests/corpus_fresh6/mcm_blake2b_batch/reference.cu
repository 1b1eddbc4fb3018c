// reference for corpus_fresh6 mcm_blake2b_batch: keyed BLAKE2b-512 written from RFC 7693: the
// parameter word 0x01010000 ^ (keylen << 8) ^ outlen, the key zero-padded to one 128-byte block,
// then the message blocks, the last one flagged final; byte counter t, mixing function G with
// rotations 32, 24, 16, 63 over 12 rounds of the sigma schedule. One thread per message; each
// 32-bit word of the digest is written as a double.
#define ROTR(x, n) (((x) >> (n)) | ((x) << (64 - (n))))

__device__ const unsigned char SIG[10][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
    {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4},
    {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
    {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13},
    {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
    {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11},
    {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
    {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5},
    {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0}};

__device__ const unsigned long long IV[8] = {
    0x6a09e667f3bcc908ull, 0xbb67ae8584caa73bull, 0x3c6ef372fe94f82bull, 0xa54ff53a5f1d36f1ull,
    0x510e527fade682d1ull, 0x9b05688c2b3e6c1full, 0x1f83d9abfb41bd6bull, 0x5be0cd19137e2179ull};

__device__ void mix(unsigned long long* v, int a, int b, int c, int d, unsigned long long x,
                    unsigned long long y) {
  v[a] = v[a] + v[b] + x;
  v[d] = ROTR(v[d] ^ v[a], 32);
  v[c] = v[c] + v[d];
  v[b] = ROTR(v[b] ^ v[c], 24);
  v[a] = v[a] + v[b] + y;
  v[d] = ROTR(v[d] ^ v[a], 16);
  v[c] = v[c] + v[d];
  v[b] = ROTR(v[b] ^ v[c], 63);
}

// F(h, m, t, last): m is one block as 16 little-endian words
__device__ void compress(unsigned long long* h, const unsigned long long* m, unsigned long long t,
                         bool last) {
  unsigned long long v[16];
  for (int i = 0; i < 8; ++i) {
    v[i] = h[i];
    v[i + 8] = IV[i];
  }
  v[12] ^= t;
  if (last) v[14] = ~v[14];
  for (int r = 0; r < 12; ++r) {
    const unsigned char* s = SIG[r % 10];
    mix(v, 0, 4, 8, 12, m[s[0]], m[s[1]]);
    mix(v, 1, 5, 9, 13, m[s[2]], m[s[3]]);
    mix(v, 2, 6, 10, 14, m[s[4]], m[s[5]]);
    mix(v, 3, 7, 11, 15, m[s[6]], m[s[7]]);
    mix(v, 0, 5, 10, 15, m[s[8]], m[s[9]]);
    mix(v, 1, 6, 11, 12, m[s[10]], m[s[11]]);
    mix(v, 2, 7, 8, 13, m[s[12]], m[s[13]]);
    mix(v, 3, 4, 9, 14, m[s[14]], m[s[15]]);
  }
  for (int i = 0; i < 8; ++i) h[i] ^= v[i] ^ v[i + 8];
}

// words of 32 bits, little-endian: word w holds bytes 4w..4w+3
__device__ unsigned long long word64(const unsigned int* p, int i) {
  return (unsigned long long)p[2 * i] | ((unsigned long long)p[2 * i + 1] << 32);
}

extern "C" __global__ void blake2b_ref(const unsigned int* msgs, double* digests,
                                       const unsigned int* key, int n, int inlen, int keylen,
                                       int outlen) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  if (id >= n) return;
  unsigned long long h[8], m[16];
  for (int i = 0; i < 8; ++i) h[i] = IV[i];
  h[0] ^= 0x01010000ull ^ ((unsigned long long)keylen << 8) ^ (unsigned long long)outlen;
  // the key block (keylen = 64: half key, half zeros)
  for (int i = 0; i < 16; ++i) m[i] = i < keylen / 8 ? word64(key, i) : 0ull;
  const int nblocks = inlen / 128;  // whole blocks (inlen is a multiple of 128 here)
  unsigned long long t = 128;
  compress(h, m, t, nblocks == 0);
  const unsigned int* msg = msgs + (long long)id * (inlen / 4);
  for (int b = 0; b < nblocks; ++b) {
    for (int i = 0; i < 16; ++i) m[i] = word64(msg + b * 32, i);
    t += 128;
    compress(h, m, t, b == nblocks - 1);
  }
  for (int w = 0; w < outlen / 4; ++w)
    digests[(long long)id * (outlen / 4) + w] =
        (double)(unsigned int)(w % 2 == 0 ? h[w / 2] : h[w / 2] >> 32);
}
