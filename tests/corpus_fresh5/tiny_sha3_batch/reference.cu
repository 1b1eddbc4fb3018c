// reference for corpus_fresh5 tiny_sha3_batch: SHA3-256 written from FIPS 202 with lanes
// A[x + 5y]: theta, rho (offsets from the (t+1)(t+2)/2 rule), pi, chi and iota with round
// constants from the rc(t) LFSR, both generated here, not tabulated; one message per thread,
// the digest as 8 little-endian words, each passed as a double (exact).
__device__ unsigned long long rotl(unsigned long long v, int s) {
  s %= 64;
  return s ? (v << s) | (v >> (64 - s)) : v;
}

__device__ int rc_bit(int t) {  // FIPS 202 Algorithm 5
  unsigned r = 1;               // bit k of r is R[k]; R = 10000000
  for (int i = 1; i <= t % 255; ++i) {
    r <<= 1;  // R = 0 || R
    unsigned r8 = (r >> 8) & 1;
    r ^= r8 | (r8 << 4) | (r8 << 5) | (r8 << 6);
    r &= 0xff;
  }
  return r & 1;
}

extern "C" __global__ void sha3_ref(const unsigned int* msgs, double* out, int n) {
  int m = blockIdx.x * blockDim.x + threadIdx.x;
  if (m >= n) return;
  unsigned long long A[25], B[25], C[5];
  int roff[25];
  roff[0] = 0;
  for (int t = 0, x = 1, y = 0; t < 24; ++t) {
    roff[x + 5 * y] = ((t + 1) * (t + 2) / 2) % 64;
    int nx = y, ny = (2 * x + 3 * y) % 5;
    x = nx;
    y = ny;
  }
  for (int i = 0; i < 25; ++i) A[i] = 0;
  for (int i = 0; i < 8; ++i)
    A[i] = (unsigned long long)msgs[m * 16 + 2 * i] |
           ((unsigned long long)msgs[m * 16 + 2 * i + 1] << 32);
  A[8] ^= 0x06ull;                 // SHA3 domain bits and the first pad bit, byte 64
  A[16] ^= 0x8000000000000000ull;  // the last pad bit, byte 135
  for (int round = 0; round < 24; ++round) {
    for (int x = 0; x < 5; ++x) C[x] = A[x] ^ A[x + 5] ^ A[x + 10] ^ A[x + 15] ^ A[x + 20];
    for (int x = 0; x < 5; ++x) {
      unsigned long long D = C[(x + 4) % 5] ^ rotl(C[(x + 1) % 5], 1);
      for (int y = 0; y < 5; ++y) A[x + 5 * y] ^= D;
    }
    for (int x = 0; x < 5; ++x)
      for (int y = 0; y < 5; ++y)
        B[y + 5 * ((2 * x + 3 * y) % 5)] = rotl(A[x + 5 * y], roff[x + 5 * y]);
    for (int x = 0; x < 5; ++x)
      for (int y = 0; y < 5; ++y)
        A[x + 5 * y] = B[x + 5 * y] ^ (~B[(x + 1) % 5 + 5 * y] & B[(x + 2) % 5 + 5 * y]);
    unsigned long long rc = 0;
    for (int j = 0; j <= 6; ++j)
      if (rc_bit(j + 7 * round)) rc |= 1ull << ((1 << j) - 1);
    A[0] ^= rc;
  }
  for (int i = 0; i < 4; ++i) {
    out[m * 8 + 2 * i] = (double)(unsigned int)(A[i] & 0xffffffffu);
    out[m * 8 + 2 * i + 1] = (double)(unsigned int)(A[i] >> 32);
  }
}
