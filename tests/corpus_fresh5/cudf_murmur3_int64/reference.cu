// reference for corpus_fresh5 cudf_murmur3_int64: Austin Appleby's MurmurHash3_x86_32 (public
// domain, SMHasher) in its general form -- a loop over 4-byte blocks read from the key's bytes,
// the tail switch and the finaliser -- applied to each value's 8 little-endian bytes; the hash
// passed as a double (exact).
extern "C" __global__ void murmur3_ref(const long long* col, double* out, int n,
                                       unsigned int seed) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= n) return;
  unsigned char key[8];
  unsigned long long v = (unsigned long long)col[row];
  for (int b = 0; b < 8; ++b) key[b] = (v >> (8 * b)) & 0xff;
  const int len = 8, nblocks = len / 4;
  unsigned int h1 = seed;
  for (int i = 0; i < nblocks; ++i) {
    unsigned int k1 = key[4 * i] | (key[4 * i + 1] << 8) | (key[4 * i + 2] << 16) |
                      ((unsigned int)key[4 * i + 3] << 24);
    k1 *= 0xcc9e2d51u;
    k1 = (k1 << 15) | (k1 >> 17);
    k1 *= 0x1b873593u;
    h1 ^= k1;
    h1 = (h1 << 13) | (h1 >> 19);
    h1 = h1 * 5 + 0xe6546b64u;
  }
  unsigned int k1 = 0;
  switch (len & 3) {  // no tail for 8 bytes; kept as the algorithm has it
    case 3:
      k1 ^= key[nblocks * 4 + 2] << 16;
    case 2:
      k1 ^= key[nblocks * 4 + 1] << 8;
    case 1:
      k1 ^= key[nblocks * 4];
      k1 *= 0xcc9e2d51u;
      k1 = (k1 << 15) | (k1 >> 17);
      k1 *= 0x1b873593u;
      h1 ^= k1;
  }
  h1 ^= len;
  h1 ^= h1 >> 16;
  h1 *= 0x85ebca6bu;
  h1 ^= h1 >> 13;
  h1 *= 0xc2b2ae35u;
  h1 ^= h1 >> 16;
  out[row] = (double)h1;
}
