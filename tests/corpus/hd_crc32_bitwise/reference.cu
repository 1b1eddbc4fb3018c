// float64 reference for corpus problem hd_crc32_bitwise (written for the corpus)
extern "C" __global__ void crc32b_ref(const unsigned* msg, double* out, int n, int words) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= n) return;
  const unsigned char* m = (const unsigned char*)(msg + (long)r * words);
  unsigned crc = 0xFFFFFFFFu;
  for (int i = 0; i < 4 * words; i++) {
    crc ^= m[i];
    for (int j = 0; j < 8; j++) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
  }
  out[r] = (double)(~crc);
}
