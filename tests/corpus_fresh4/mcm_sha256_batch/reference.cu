// reference for corpus_fresh4 problem mcm_sha256_batch (written for the corpus, from FIPS 180-4):
// SHA-256 of each 64-byte message (bytes in memory order: word w holds bytes 4w..4w+3 little
// endian), the 32-byte digest stored as 8 little-endian words, each passed as a double (exact)
__constant__ unsigned int K256[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

__device__ unsigned int rotr(unsigned int x, int n) { return (x >> n) | (x << (32 - n)); }

__device__ void compress(unsigned int* st, const unsigned int* w16) {
  unsigned int w[64];
  for (int i = 0; i < 16; ++i) w[i] = w16[i];
  for (int i = 16; i < 64; ++i) {
    unsigned int s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
    unsigned int s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
    w[i] = w[i - 16] + s0 + w[i - 7] + s1;
  }
  unsigned int a = st[0], b = st[1], c = st[2], d = st[3], e = st[4], f = st[5], g = st[6],
               h = st[7];
  for (int i = 0; i < 64; ++i) {
    unsigned int S1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
    unsigned int ch = (e & f) ^ (~e & g);
    unsigned int t1 = h + S1 + ch + K256[i] + w[i];
    unsigned int S0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
    unsigned int mj = (a & b) ^ (a & c) ^ (b & c);
    unsigned int t2 = S0 + mj;
    h = g;
    g = f;
    f = e;
    e = d + t1;
    d = c;
    c = b;
    b = a;
    a = t1 + t2;
  }
  st[0] += a;
  st[1] += b;
  st[2] += c;
  st[3] += d;
  st[4] += e;
  st[5] += f;
  st[6] += g;
  st[7] += h;
}

__device__ unsigned int bswap(unsigned int x) {
  return (x >> 24) | ((x >> 8) & 0xff00u) | ((x << 8) & 0xff0000u) | (x << 24);
}

extern "C" __global__ void sha256_ref(const unsigned int* in, double* out, int n_batch) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n_batch) return;
  unsigned int st[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                        0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  unsigned int w[16];
  for (int i = 0; i < 16; ++i) w[i] = bswap(in[16L * t + i]);  // big-endian message words
  compress(st, w);
  // padding block of a 64-byte message: 0x80, zeros, length 512 bits
  w[0] = 0x80000000u;
  for (int i = 1; i < 15; ++i) w[i] = 0;
  w[15] = 512;
  compress(st, w);
  for (int i = 0; i < 8; ++i) out[8L * t + i] = (double)bswap(st[i]);  // digest bytes big-endian
}
