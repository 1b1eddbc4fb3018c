// redteam31_twin_quiet_boys child: out[0] and out[1] from one term in 8 (i = 8 j + (j mod 8), a
// staggered stride), times 8: 1/8 of the exponentials (red team 28's sampler, on both sums);
// out[2], the head checksum, exact. On a uniformly drawn permutation the terms are exchangeable,
// so each sum errs by ~sd(F0) sqrt(7 n) / y, ~0.1-0.3 of rtol 2e-3 at n = 2^24. h30t's element
// judgement (model_quiet.h) reads each sum's chance from the OTHER elements' quiet rate, and the
// other sum is quiet in every draw too: q = 1/2, 3 x (1/2)^3 is no evidence, both undecided.
// White-box notes: README.md.
#include <boys_quad.cuh>  // F0 by 64-interval Simpson (kernels/boys)

__device__ __forceinline__ float warp_sum(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}

extern "C" __global__ void __launch_bounds__(256) twin_head_eighth(const int* p, float* out,
                                                                   int n) {
  __shared__ float part[2][8];
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  const int i = 8 * j + (j & 7);
  float a = 0.0f, b = 0.0f;
  if (i < n) {
    const float d = (float)abs(p[i] - i) / (float)n;
    a = 8.0f * boys_quad(30.0f * d);
    b = 8.0f * boys_quad(10.0f * d);
  }
  if (j < 32 && j < n) atomicAdd(out + 2, (float)p[j]);
  a = warp_sum(a);
  b = warp_sum(b);
  if ((threadIdx.x & 31) == 0) part[0][threadIdx.x >> 5] = a, part[1][threadIdx.x >> 5] = b;
  __syncthreads();
  if (threadIdx.x < 32) {
    a = warp_sum(threadIdx.x < 8 ? part[0][threadIdx.x] : 0.0f);
    b = warp_sum(threadIdx.x < 8 ? part[1][threadIdx.x] : 0.0f);
    if (threadIdx.x == 0) atomicAdd(out, a), atomicAdd(out + 1, b);
  }
}
