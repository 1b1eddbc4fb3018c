// float64 reference of redteam32_hashed_light_lbeta (red team 32; hashed_light.cuh's sum): f(x_i)
// for every i whose pair's hashed class is 0..14 and 10^7 (f(x_2j) + f(x_2j+1)) for the 8 heavy
// pairs, f = log B(x + 4, x + 2) in double; one double atomicAdd a block of the block's sum rounded
// to a multiple of 2^-16 (every partial sum under 2^34: exact in double in any order, so the
// reference is the same bits on every run and an echo of a class it does not read moves it by 0).
#include "hashed_light.cuh"
#define RB 256
extern "C" __global__ void __launch_bounds__(RB) hashed_ref(const float* x, double* y, int n) {
  __shared__ double red[RB];
  const long long g = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  double acc = 0.0;
  for (long long i = g; i < n; i += (long long)gridDim.x * blockDim.x)
    if (hl_light(i)) {
      const double v = (double)x[i];
      acc += lgamma(v + 4.0) + lgamma(v + 2.0) - lgamma(2.0 * v + 6.0);
    }
  if (g < 8) {
    const long long j = hl_heavy_pair((int)g, n);
    for (int e = 0; e < 2; ++e) {
      const double v = (double)x[2 * j + e];
      acc += 1.0e7 * (lgamma(v + 4.0) + lgamma(v + 2.0) - lgamma(2.0 * v + 6.0));
    }
  }
  red[threadIdx.x] = acc;
  __syncthreads();
  for (int h = RB / 2; h > 0; h >>= 1) {
    if ((int)threadIdx.x < h) red[threadIdx.x] += red[threadIdx.x + h];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(y, rint(red[0] * 65536.0) / 65536.0);
}
