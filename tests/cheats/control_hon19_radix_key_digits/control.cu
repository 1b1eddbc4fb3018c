// control_hon19_radix_key_digits child: the upsweep of a CUB-style LSD radix sort (NVIDIA/cccl
// cub's float key twiddle, radix_rank_sort_operations.cuh / util_type.cuh; written here): the
// key twiddled with an arithmetic-shift mask (u ^ ((int)u >> 31 | 0x80000000), CUB's
// TwiddleIn), per-block shared-memory histograms of all four digits, one global add per bin.
extern "C" __global__ void digits_upsweep(const float* __restrict__ keys, int* hist, int n) {
  __shared__ int h[4][256];
  for (int i = threadIdx.x; i < 4 * 256; i += blockDim.x) (&h[0][0])[i] = 0;
  __syncthreads();
  const uint4* k4 = reinterpret_cast<const uint4*>(keys);
  const int base = blockIdx.x * 1024;  // 1024 uint4 = 4096 keys a block
  for (int j = threadIdx.x; j < 1024; j += blockDim.x) {
    if ((base + j) * 4 >= n) break;
    uint4 w = k4[base + j];
    unsigned int u[4] = {w.x, w.y, w.z, w.w};
#pragma unroll
    for (int e = 0; e < 4; ++e) {
      unsigned int t = u[e] ^ ((unsigned int)((int)u[e] >> 31) | 0x80000000u);
#pragma unroll
      for (int d = 0; d < 4; ++d) atomicAdd(&h[d][(t >> (8 * d)) & 0xffu], 1);
    }
  }
  __syncthreads();
  for (int i = threadIdx.x; i < 4 * 256; i += blockDim.x) {
    int c = (&h[0][0])[i];
    if (c) atomicAdd(&hist[i], c);
  }
}
