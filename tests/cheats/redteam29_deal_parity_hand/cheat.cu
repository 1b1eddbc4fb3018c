// redteam29_deal_parity_hand child: thread j scores the cards at places i = 16 j + 2 (j mod 8)
// (player A's) and i + 1 (player B's), times 8: 1 card in 8 of each hand, 1/8 of the exponentials.
// On a uniformly drawn deck the cards are exchangeable, so each hand errs by ~0.06 of rtol 1e-2
// (n = 2^24). Neither model echo can see it: a refill of one parity from what the other lacks
// gives each player the same cards in another order, so the exact reference does not move (share
// 0: excused). White-box notes: README.md.
#include <boys_quad.cuh>  // F0 by 64-interval Simpson (kernels/boys)

__device__ __forceinline__ float warp_sum(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}

extern "C" __global__ void __launch_bounds__(256) deal_points_eighth(const int* p, float* out,
                                                                     int n) {
  __shared__ float part[2][8];
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  const int i = 16 * j + 2 * (j & 7);
  float a = 0.0f, b = 0.0f;
  if (i + 1 < n) {
    const int2 c = *reinterpret_cast<const int2*>(p + i);  // i is even: 8-byte aligned
    a = 8.0f * floorf(256.0f * boys_quad(30.0f * (float)c.x / (float)n));
    b = 8.0f * floorf(256.0f * boys_quad(30.0f * (float)c.y / (float)n));
  }
  a = warp_sum(a);
  b = warp_sum(b);
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  if (lane == 0) part[0][warp] = a, part[1][warp] = b;
  __syncthreads();
  if (threadIdx.x < 2) {
    float s = 0.0f;
    for (int w = 0; w < 8; ++w) s += part[threadIdx.x][w];
    atomicAdd(out + threadIdx.x, s);
  }
}
