// redteam23_loud_weight_sum seed: one block a 32,768-value chunk, float4 loads, FP32 sums, a
// warp shuffle tree and one float atomicAdd a block; block 0's first two float4s (x[0..8)) are
// weighted 10^6. Needs n a multiple of 32,768.
#define CHUNK 32768
#define WARPS 8             // 256 threads a block
#include <warp_reduce.cuh>  // block_sum (the kernel library: kernels/reduce)
extern "C" __global__ void __launch_bounds__(256) weighted_sum(const float* x, float* y, int n) {
  const float4* c = reinterpret_cast<const float4*>(x + (size_t)blockIdx.x * CHUNK);
  float acc = 0.f;
  for (int q = threadIdx.x; q < CHUNK / 4; q += blockDim.x) {
    const float4 v = c[q];
    const float s = (v.x + v.y) + (v.z + v.w);
    acc += blockIdx.x == 0 && q < 2 ? 1.0e6f * s : s;
  }
  __shared__ float slot[WARPS];
  acc = block_sum(acc, slot);
  if (threadIdx.x == 0) atomicAdd(y, acc);
}
