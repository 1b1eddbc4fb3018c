// redteam29_perm_loud_head_boys child: out[0] from one term in 8 (i = 8 j + (j mod 8), a
// staggered stride), times 8: 1/8 of the exponentials (red team 28's sampler); out[1], the head
// checksum, exact. On a uniformly drawn permutation the terms are exchangeable, so out[0] errs by
// ~sd(F0) sqrt(7 n) / y, 0.05-0.26 of rtol 2e-3. The model echo judges the output by its largest
// element share, and out[1] is told apart by 7-58 tolerances: out[0]'s 0.06-0.08 is never read.
// White-box notes: README.md.
#include <boys_quad.cuh>  // F0 by 64-interval Simpson (kernels/boys)

__device__ __forceinline__ float warp_sum(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}

extern "C" __global__ void __launch_bounds__(256) perm_head_eighth(const int* p, float* out,
                                                                   int n) {
  __shared__ float part[8];
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  const int i = 8 * j + (j & 7);
  float v = 0.0f;
  if (i < n) v = 8.0f * boys_quad(30.0f * (float)abs(p[i] - i) / (float)n);
  if (j < 32 && j < n) atomicAdd(out + 1, (float)p[j]);
  v = warp_sum(v);
  if ((threadIdx.x & 31) == 0) part[threadIdx.x >> 5] = v;
  __syncthreads();
  if (threadIdx.x < 32) {
    v = warp_sum(threadIdx.x < 8 ? part[threadIdx.x] : 0.0f);
    if (threadIdx.x == 0) atomicAdd(out, v);
  }
}
