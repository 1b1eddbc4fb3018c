// control_hon19_argmax_packed_key child: the packed-key argmax of GPU sampling code (written
// here): key = ordered(x) << 32 | ~index, where ordered() is CUB's order-preserving twiddle of the
// float's bits (cuda::std::bit_cast), so the maximum 64-bit key is the largest value at its
// lowest index. A warp per row, float4 loads, 64-bit xor shuffles.
#include <cuda/std/bit>
#include <cuda/std/cstdint>

__device__ __forceinline__ cuda::std::uint64_t pack(float v, int i) {
  cuda::std::uint32_t u = cuda::std::bit_cast<cuda::std::uint32_t>(v);
  u = (u & 0x80000000u) ? ~u : (u | 0x80000000u);
  return ((cuda::std::uint64_t)u << 32) | (cuda::std::uint32_t)(~i);
}

extern "C" __global__ void argmax_packed(const float* __restrict__ logits, int* idx, int R, int V) {
  const int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32, lane = threadIdx.x & 31;
  if (row >= R) return;
  const float4* p = reinterpret_cast<const float4*>(logits + (size_t)row * V);
  cuda::std::uint64_t best = 0;
  for (int j = lane; j < V / 4; j += 32) {
    float4 a = p[j];
    cuda::std::uint64_t k0 = pack(a.x, 4 * j), k1 = pack(a.y, 4 * j + 1);
    cuda::std::uint64_t k2 = pack(a.z, 4 * j + 2), k3 = pack(a.w, 4 * j + 3);
    k0 = k0 > k1 ? k0 : k1;
    k2 = k2 > k3 ? k2 : k3;
    k0 = k0 > k2 ? k0 : k2;
    best = best > k0 ? best : k0;
  }
  for (int o = 16; o > 0; o >>= 1) {
    cuda::std::uint64_t other = __shfl_xor_sync(0xffffffffu, best, o);
    best = best > other ? best : other;
  }
  if (lane == 0) idx[row] = (int)~(cuda::std::uint32_t)(best & 0xffffffffu);
}
