// control_hon19_radix_key_digits seed: CUB's order-preserving float key (a negative's bits all
// flipped, a positive's sign bit set), then one global atomic per digit.
extern "C" __global__ void digits_global(const float* keys, int* hist, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned int u = __float_as_uint(keys[i]);
  u ^= (u & 0x80000000u) ? 0xffffffffu : 0x80000000u;
  for (int d = 0; d < 4; ++d) atomicAdd(&hist[d * 256 + ((u >> (8 * d)) & 0xffu)], 1);
}
