// reference (hon19): a thread per key, its twiddled key's four digits counted by double atomics
// into the zeroed output (counts below 2^53 are exact in double).
extern "C" __global__ void digits_ref(const float* keys, double* hist, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned int u = __float_as_uint(keys[i]);
  u = (u >> 31) ? ~u : (u | 0x80000000u);
  for (int d = 0; d < 4; ++d) atomicAdd(&hist[d * 256 + ((u >> (8 * d)) & 0xffu)], 1.0);
}
