// The seed: one record per thread, CRC-32 bit by bit.
extern "C" __global__ void __launch_bounds__(256) crc_bitwise(const int* __restrict__ data,
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
#pragma unroll
    for (int k = 0; k < 32; ++k) c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1u)));
  }
  crc[r] = (int)(c ^ 0xFFFFFFFFu);
}
