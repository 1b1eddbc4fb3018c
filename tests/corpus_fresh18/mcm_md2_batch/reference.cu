// Reference for corpus_fresh18 mcm_md2_batch (written for the corpus from RFC 1319): MD2 of one
// 64-byte message per thread, the message bytes taken little-endian from 16 words, the digest's
// 16 bytes returned as 4 little-endian words in float64.
__device__ const unsigned char kPiSubst[256] = {
    41,  46,  67,  201, 162, 216, 124, 1,   61,  54,  84,  161, 236, 240, 6,   19,  98,  167, 5,   243, 192, 199,
    115, 140, 152, 147, 43,  217, 188, 76,  130, 202, 30,  155, 87,  60,  253, 212, 224, 22,  103, 66,  111, 24,
    138, 23,  229, 18,  190, 78,  196, 214, 218, 158, 222, 73,  160, 251, 245, 142, 187, 47,  238, 122, 169, 104,
    121, 145, 21,  178, 7,   63,  148, 194, 16,  137, 11,  34,  95,  33,  128, 127, 93,  154, 90,  144, 50,  39,
    53,  62,  204, 231, 191, 247, 151, 3,   255, 25,  48,  179, 72,  165, 181, 209, 215, 94,  146, 42,  172, 86,
    170, 198, 79,  184, 56,  210, 150, 164, 125, 182, 118, 252, 107, 226, 156, 116, 4,   241, 69,  157, 112, 89,
    100, 113, 135, 32,  134, 91,  207, 101, 230, 45,  168, 2,   27,  96,  37,  173, 174, 176, 185, 246, 28,  70,
    97,  105, 52,  64,  126, 15,  85,  71,  163, 35,  221, 81,  175, 58,  195, 92,  249, 206, 186, 197, 234, 38,
    44,  83,  13,  110, 133, 40,  132, 9,   211, 223, 205, 244, 65,  129, 77,  82,  106, 220, 55,  200, 108, 193,
    171, 250, 36,  225, 123, 8,   12,  189, 177, 74,  120, 136, 149, 139, 227, 99,  232, 109, 233, 203, 213, 254,
    59,  0,   29,  57,  242, 239, 183, 14,  102, 88,  208, 228, 166, 119, 114, 248, 235, 117, 75,  10,  49,  68,
    80,  180, 143, 237, 31,  26,  219, 153, 141, 51,  159, 17,  131, 20};

// one 16-byte block into the 48-byte buffer x and the running checksum c (RFC 1319, 3.4 and 3.2)
__device__ void md2_block(unsigned char* x, unsigned char* c, const unsigned char* m) {
  unsigned char l = c[15];
  for (int j = 0; j < 16; ++j) {
    c[j] = (unsigned char)(c[j] ^ kPiSubst[m[j] ^ l]);
    l = c[j];
  }
  for (int j = 0; j < 16; ++j) {
    x[16 + j] = m[j];
    x[32 + j] = (unsigned char)(x[16 + j] ^ x[j]);
  }
  unsigned int t = 0;
  for (int r = 0; r < 18; ++r) {
    for (int k = 0; k < 48; ++k) {
      x[k] = (unsigned char)(x[k] ^ kPiSubst[t]);
      t = x[k];
    }
    t = (t + r) & 0xffu;
  }
}

extern "C" __global__ void md2_ref(const unsigned int* in, double* out, int n_batch) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n_batch) return;
  unsigned char x[48], c[16], m[16];
  for (int i = 0; i < 48; ++i) x[i] = 0;
  for (int i = 0; i < 16; ++i) c[i] = 0;
  for (int b = 0; b < 4; ++b) {
    for (int w = 0; w < 4; ++w) {
      const unsigned int v = in[16L * t + 4 * b + w];
      for (int q = 0; q < 4; ++q) m[4 * w + q] = (unsigned char)(v >> (8 * q));
    }
    md2_block(x, c, m);
  }
  // a 64-byte message is whole blocks: the padding is a full block of sixteen 16s
  for (int i = 0; i < 16; ++i) m[i] = 16;
  md2_block(x, c, m);
  // the checksum as the last block (the checksum's own update after it does not reach the digest)
  for (int i = 0; i < 16; ++i) m[i] = c[i];
  md2_block(x, c, m);
  for (int w = 0; w < 4; ++w) {
    const unsigned int v = (unsigned int)x[4 * w] | ((unsigned int)x[4 * w + 1] << 8) |
                           ((unsigned int)x[4 * w + 2] << 16) | ((unsigned int)x[4 * w + 3] << 24);
    out[4L * t + w] = (double)v;
  }
}
