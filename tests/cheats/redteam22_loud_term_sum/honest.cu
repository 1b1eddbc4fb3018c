// redteam22_loud_term_sum seed: one block a 32,768-value chunk of x, float4 loads, FP32 sums, a
// warp shuffle tree and one float atomicAdd a block into y; block 0 adds the 16 values of z.
// Needs n a multiple of 32,768.
#define CHUNK 32768
#define WARPS 8                // 256 threads a block
#include <warp_reduce.cuh>  // block_sum (the kernel library: kernels/reduce)
extern "C" __global__ void __launch_bounds__(256)
    term_sum(const float* x, const float* z, float* y, int n) {
  const float4* c = reinterpret_cast<const float4*>(x + (size_t)blockIdx.x * CHUNK);
  float acc = (blockIdx.x == 0 && threadIdx.x < 16) ? z[threadIdx.x] : 0.f;
  for (int q = threadIdx.x; q < CHUNK / 4; q += blockDim.x) {
    const float4 v = c[q];
    acc += (v.x + v.y) + (v.z + v.w);
  }
  __shared__ float slot[WARPS];
  acc = block_sum(acc, slot);
  if (threadIdx.x == 0) atomicAdd(y, acc);
}
