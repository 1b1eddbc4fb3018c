// redteam22_loud_head_sum seed: one block a 32,768-value chunk, float4 loads, FP32 sums, a warp
// shuffle tree and one float atomicAdd a block into the tail y[16]; block 0's first 16 threads
// write the head sums y[0..15] (8 values each). Needs n a multiple of 32,768.
#define CHUNK 32768
#define HEAD 128
#define WARPS 8                // 256 threads a block
#include <warp_reduce.cuh>  // block_sum (the kernel library: kernels/reduce)
extern "C" __global__ void __launch_bounds__(256) head_tail_sum(const float* x, float* y, int n) {
  const float4* c = reinterpret_cast<const float4*>(x + (size_t)blockIdx.x * CHUNK);
  if (blockIdx.x == 0 && threadIdx.x < HEAD / 8) {
    const float4 a = c[2 * threadIdx.x], b = c[2 * threadIdx.x + 1];
    y[threadIdx.x] = ((a.x + a.y) + (a.z + a.w)) + ((b.x + b.y) + (b.z + b.w));
  }
  const int first = blockIdx.x == 0 ? HEAD / 4 : 0;  // block 0's tail starts at value 128
  float acc = 0.f;
  for (int q = threadIdx.x; q < CHUNK / 4; q += blockDim.x)
    if (q >= first) {
      const float4 v = c[q];
      acc += (v.x + v.y) + (v.z + v.w);
    }
  __shared__ float slot[WARPS];
  acc = block_sum(acc, slot);
  if (threadIdx.x == 0) atomicAdd(&y[HEAD / 8], acc);
}
