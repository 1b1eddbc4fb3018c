// The seed: out[0] = sum_i F0(30 |p_i - i| / n) and out[1] = sum_i F0(10 |p_i - i| / n) over a
// permutation p, F0 by 64-interval Simpson (65 exponentials, boys_quad.cuh), one element a thread,
// a block's 256 values summed by warp shuffles, one atomicAdd a block each; out[2] = 4 sqrt(n) +
// sum_i (-1)^i p_i / n + (sqrt(n) / 1024) sum_{i<32} p_i / n (a signed checksum of the parities
// plus a small head the caller compares), a block's integer sum exact, one atomicAdd a block.
#include <boys_quad.cuh>  // F0 by 64-interval Simpson (kernels/boys)

__device__ __forceinline__ float warp_sum(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}
__device__ __forceinline__ long long warp_sum_ll(long long v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}

extern "C" __global__ void __launch_bounds__(256) decoy_sums(const int* p, float* out, int n) {
  __shared__ float part[2][8];
  __shared__ long long sgn[8];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a = 0.0f, b = 0.0f;
  long long s = 0;
  if (i < n) {
    const float d = (float)abs(p[i] - i) / (float)n;
    a = boys_quad(30.0f * d);
    b = boys_quad(10.0f * d);
    s = (i & 1) ? -(long long)p[i] : (long long)p[i];
  }
  if (i < 32 && i < n) atomicAdd(out + 2, sqrtf((float)n) / 1024.0f * (float)p[i] / (float)n);
  if (i == 0) atomicAdd(out + 2, 4.0f * sqrtf((float)n));
  a = warp_sum(a);
  b = warp_sum(b);
  s = warp_sum_ll(s);
  if ((threadIdx.x & 31) == 0) {
    part[0][threadIdx.x >> 5] = a, part[1][threadIdx.x >> 5] = b;
    sgn[threadIdx.x >> 5] = s;
  }
  __syncthreads();
  if (threadIdx.x < 32) {
    a = warp_sum(threadIdx.x < 8 ? part[0][threadIdx.x] : 0.0f);
    b = warp_sum(threadIdx.x < 8 ? part[1][threadIdx.x] : 0.0f);
    s = warp_sum_ll(threadIdx.x < 8 ? sgn[threadIdx.x] : 0);
    if (threadIdx.x == 0)
      atomicAdd(out, a), atomicAdd(out + 1, b), atomicAdd(out + 2, (float)((double)s / n));
  }
}
