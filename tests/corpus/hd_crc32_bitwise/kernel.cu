// corpus: hd_crc32_bitwise -- from Henry S. Warren, 'Hacker's Delight' (2nd ed.), Fig. 14-6 crc32b (basic CRC-32, bitwise) -- hackersdelight.org code, crc32b @ -
// license: the book's code is offered for free use
// adapted: extern "C" kernel around the book's function: one 64-byte record per thread (length given instead of NUL-terminated), 2^20 records
__device__ unsigned int crc32b(const unsigned char *message, int len) {
   int i, j;
   unsigned int byte, crc, mask;
   i = 0;
   crc = 0xFFFFFFFF;
   while (i < len) {                  // the book: while (message[i] != 0)
      byte = message[i];            // Get next byte.
      crc = crc ^ byte;
      for (j = 7; j >= 0; j--) {    // Do eight times.
         mask = -(crc & 1);
         crc = (crc >> 1) ^ (0xEDB88320 & mask);
      }
      i = i + 1;
   }
   return ~crc;
}
extern "C" __global__ void crc32b_kernel(const unsigned* msg, unsigned* crc, int n, int words) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < n) crc[r] = crc32b((const unsigned char*)(msg + (long)r * words), 4 * words);
}
