// The seed: out[0] = sum_i F0(30 |p_i - i| / n) and out[1] = sum_i F0(10 |p_i - i| / n) over a
// permutation p (how far each element moves, as Gaussian overlaps of two widths), F0 by
// 64-interval Simpson (65 exponentials, boys_quad.cuh), one element a thread, a block's 256
// values summed by warp shuffles, one atomicAdd a block each; out[2] = the sum of the first 32
// entries (a head checksum the caller compares), one atomicAdd each.
#include <boys_quad.cuh>  // F0 by 64-interval Simpson (kernels/boys)

__device__ __forceinline__ float warp_sum(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}

extern "C" __global__ void __launch_bounds__(256) twin_head(const int* p, float* out, int n) {
  __shared__ float part[2][8];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a = 0.0f, b = 0.0f;
  if (i < n) {
    const float d = (float)abs(p[i] - i) / (float)n;
    a = boys_quad(30.0f * d);
    b = boys_quad(10.0f * d);
  }
  if (i < 32 && i < n) atomicAdd(out + 2, (float)p[i]);
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
