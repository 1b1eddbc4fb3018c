// control_redteam8_zlib_slice4_global child: CRC-32 slicing-by-4 (Kounavis and Berry, Intel,
// 2005; the "BYFOUR" braid of zlib's crc32.c, crc32_little, by Mark Adler, zlib license): one
// record per thread, a 32-bit word at a time through four 256-entry tables that live in
// __device__ (global) memory, initialised statically in the module image (crc32_slice4_table.h):
// module memory that every launch reads and none writes.
#include "crc32_slice4_table.h"
extern "C" __global__ void __launch_bounds__(256) crc_slice4(const int* __restrict__ data,
                                                            int* __restrict__ crc, int R) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= R) return;
  const int4* rec = reinterpret_cast<const int4*>(data + (size_t)r * 8);
  const int4 a = rec[0], b = rec[1];
  const unsigned words[8] = {(unsigned)a.x, (unsigned)a.y, (unsigned)a.z, (unsigned)a.w,
                             (unsigned)b.x, (unsigned)b.y, (unsigned)b.z, (unsigned)b.w};
  unsigned c = 0xFFFFFFFFu;
#pragma unroll
  for (int w = 0; w < 8; ++w) {
    c ^= words[w];
    c = crc32_slice4_table[3][c & 0xffu] ^ crc32_slice4_table[2][(c >> 8) & 0xffu] ^
        crc32_slice4_table[1][(c >> 16) & 0xffu] ^ crc32_slice4_table[0][c >> 24];
  }
  crc[r] = (int)(c ^ 0xFFFFFFFFu);
}
