// Reference: CRC-32 (reflected polynomial 0xEDB88320, initial and final xor 0xFFFFFFFF) of each
// record's 32 bytes, little-endian words, bit by bit; the int32 bit pattern written as a double.
extern "C" __global__ void crc_ref(const int* data, double* crc, int R) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= R) return;
  unsigned c = 0xFFFFFFFFu;
  for (int w = 0; w < 8; ++w) {
    const unsigned v = (unsigned)data[(size_t)r * 8 + w];
    for (int b = 0; b < 4; ++b) {
      c ^= (v >> (8 * b)) & 0xFFu;
      for (int k = 0; k < 8; ++k) c = (c & 1u) ? (c >> 1) ^ 0xEDB88320u : c >> 1;
    }
  }
  crc[r] = (double)(int)(c ^ 0xFFFFFFFFu);
}
