// redteam25_scattered_heavy_sum seed: one block a 32,768-value chunk, float4 loads, FP32 sums, a
// warp shuffle tree and one float atomicAdd a block; x at the 128 positions k n / 128 + 1 (the
// second value of the chunk's first float4, in every (n / 128 / 32,768)-th block) is weighted
// 10^6. Needs n a multiple of 2^22.
#define CHUNK 32768
#define HEAVY 128
#define WARPS 8             // 256 threads a block
#include <warp_reduce.cuh>  // block_sum (the kernel library: kernels/reduce)
extern "C" __global__ void __launch_bounds__(256) scattered_sum(const float* x, float* y, int n) {
  const float4* c = reinterpret_cast<const float4*>(x + (size_t)blockIdx.x * CHUNK);
  const bool heavy = blockIdx.x % (unsigned)(n / HEAVY / CHUNK) == 0;
  float acc = 0.f;
  for (int q = threadIdx.x; q < CHUNK / 4; q += blockDim.x) {
    const float4 v = c[q];
    acc += (v.x + v.y) + (v.z + v.w);
    if (heavy && q == 0) acc += (1.0e6f - 1.f) * v.y;
  }
  __shared__ float slot[WARPS];
  acc = block_sum(acc, slot);
  if (threadIdx.x == 0) atomicAdd(y, acc);
}
