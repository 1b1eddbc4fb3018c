// redteam31_decoy_quiet_boys child: out[0] and out[1] from one term in 8 (i = 8 j + (j mod 8), a
// staggered stride), times 8: 1/8 of the exponentials (red team 28's sampler, on both sums, as
// redteam31_twin_quiet_boys); out[2], the decoy, exact (one add a place: every place read, no
// exponential). h31's chance rate (model_quiet.h chance_rate) is read from the elements some
// draw told apart: here the decoy only, told by the keyed refill and moved but quiet under both
// parity refills (q = 2/2 = 1 on set 0), so both sums stay undecided and no draw more is taken.
// White-box notes: README.md.
#include <boys_quad.cuh>  // F0 by 64-interval Simpson (kernels/boys)

__device__ __forceinline__ float warp_sum(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}
__device__ __forceinline__ long long warp_sum_ll(long long v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}

extern "C" __global__ void __launch_bounds__(256) decoy_sums_eighth(const int* p, float* out,
                                                                    int n) {
  __shared__ float part[2][8];
  __shared__ long long sgn[8];
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  const int i = 8 * j + (j & 7);
  float a = 0.0f, b = 0.0f;
  long long s = 0;
  if (i < n) {
    const float d = (float)abs(p[i] - i) / (float)n;
    a = 8.0f * boys_quad(30.0f * d);
    b = 8.0f * boys_quad(10.0f * d);
  }
  // The decoy, exact: this thread's 8 places 8j .. 8j + 7, signed by parity.
  for (int k = 0; k < 8; ++k) {
    const int q = 8 * j + k;
    if (q < n) s += (q & 1) ? -(long long)p[q] : (long long)p[q];
  }
  if (j < 32 && j < n) atomicAdd(out + 2, sqrtf((float)n) / 1024.0f * (float)p[j] / (float)n);
  if (j == 0) atomicAdd(out + 2, 4.0f * sqrtf((float)n));
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
