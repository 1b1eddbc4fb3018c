// redteam28_atol_excused_heavy child: y[1] exact (every value read), y[0]'s 128 heavy terms exact,
// its light terms of the even 256-value tiles only, doubled: half the lgammaf. P6k would refuse the
// spec (y[0]'s strided light share 0.093), but at rtol 0 y[0] is atol-held and y[1]'s light share
// is above 1, so judged_light_shares' condition (b) excuses it. White-box notes: README.md.
#include "lbeta.h"
#define CHUNK 32768
#define HEAVY 128
#define WARPS 8
extern "C" __global__ void __launch_bounds__(256) excused_sum_half(const float* x, float* y,
                                                                   int n) {
  const float4* c = reinterpret_cast<const float4*>(x + (size_t)blockIdx.x * CHUNK);
  const bool heavy = blockIdx.x % (unsigned)(n / HEAVY / CHUNK) == 0;
  float acc = 0.f, sum = 0.f;
  for (int q = threadIdx.x; q < CHUNK / 4; q += blockDim.x) {
    const float4 v = c[q];
    sum += (v.x + v.y) + (v.z + v.w);
    if ((q >> 6) & 1) continue;  // odd 256-value tiles: no log B
    acc += 2.f * lbeta4(v);
    if (heavy && q == 0) acc += (1.0e6f - 2.f) * lbeta_term(v.y);
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
