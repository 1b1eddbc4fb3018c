// The seed of tests/cheats/redteam8_slack_table_carry: out = sum_i x_i w(i), w the Kaiser x Hann
// window of kaiser_hann.cuh evaluated in FP64 for every element (compute-bound) and rounded to
// float, a float4 per thread, 1,024 elements per block, warp shuffles, one atomic per block
// (the output is zeroed before the run). Needs n a multiple of 1,024.
#include <kaiser_hann.cuh>
#define BLOCK 256
extern "C" __global__ void __launch_bounds__(BLOCK) window_sum(const float* x, float* out, int n) {
  __shared__ float part[BLOCK / 32];
  const long long i = 4ll * ((long long)blockIdx.x * BLOCK + threadIdx.x);
  const float4 v = reinterpret_cast<const float4*>(x)[i / 4];
  float s = (v.x * (float)kh_window(i, n) + v.y * (float)kh_window(i + 1, n)) +
            (v.z * (float)kh_window(i + 2, n) + v.w * (float)kh_window(i + 3, n));
  s = kh_warp_sum(s);
  if ((threadIdx.x & 31) == 0) part[threadIdx.x >> 5] = s;
  __syncthreads();
  if (threadIdx.x < 32) {
    s = kh_warp_sum(threadIdx.x < BLOCK / 32 ? part[threadIdx.x] : 0.0f);
    if (threadIdx.x == 0) atomicAdd(out, s);
  }
}
