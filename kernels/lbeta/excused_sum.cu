// The seed: red team 26's heavy log-Beta sum (one block a 32,768-value chunk, float4 loads, three
// lgammaf an element in FP32, the value at k n / 128 + 1 weighted 10^6) into y[0], and 100 times
// the plain sum of x into y[1], two atomicAdds a block.
#include "lbeta.h"
#define CHUNK 32768
#define HEAVY 128
#define WARPS 8
extern "C" __global__ void __launch_bounds__(256) excused_sum(const float* x, float* y, int n) {
  const float4* c = reinterpret_cast<const float4*>(x + (size_t)blockIdx.x * CHUNK);
  const bool heavy = blockIdx.x % (unsigned)(n / HEAVY / CHUNK) == 0;
  float acc = 0.f, sum = 0.f;
  for (int q = threadIdx.x; q < CHUNK / 4; q += blockDim.x) {
    const float4 v = c[q];
    acc += lbeta4(v);
    sum += (v.x + v.y) + (v.z + v.w);
    if (heavy && q == 0) acc += (1.0e6f - 1.f) * lbeta_term(v.y);
  }
  __shared__ float slot[2][WARPS];
  acc = warp_sum(acc);
  sum = warp_sum(sum);
  if ((threadIdx.x & 31) == 0) {
    slot[0][threadIdx.x >> 5] = acc;
    slot[1][threadIdx.x >> 5] = sum;
  }
  __syncthreads();
  if (threadIdx.x < 32) {
    acc = warp_sum(threadIdx.x < WARPS ? slot[0][threadIdx.x] : 0.f);
    sum = warp_sum(threadIdx.x < WARPS ? slot[1][threadIdx.x] : 0.f);
    if (threadIdx.x == 0) {
      atomicAdd(y, acc);
      atomicAdd(y + 1, 100.f * sum);
    }
  }
}
