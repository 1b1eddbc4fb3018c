// float64 reference of redteam32_semi_heavy_lbeta (red team 32; semi_sum.cuh's sum): f(x_i) for
// every i and V_k f(x[2 j_k + 1]) (semi_heavy_table.h), f = log B(x + 4, x + 2) in double; one
// double atomicAdd a block of the block's sum rounded to 2^-20 (order-free: the same bits every run).
#include "semi_heavy_table.h"
#define RB 256
extern "C" __global__ void __launch_bounds__(RB) semi_ref(const float* x, double* y, int n) {
  __shared__ double red[RB];
  const long long g = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  double acc = 0.0;
  for (long long i = g; i < n; i += (long long)gridDim.x * blockDim.x) {
    const double v = (double)x[i];
    acc += lgamma(v + 4.0) + lgamma(v + 2.0) - lgamma(2.0 * v + 6.0);
  }
  if (g < SEMI_HEAVY) {
    const double v = (double)x[2 * semi_j[g] + 1];
    acc += (double)semi_v[g] * (lgamma(v + 4.0) + lgamma(v + 2.0) - lgamma(2.0 * v + 6.0));
  }
  red[threadIdx.x] = acc;
  __syncthreads();
  for (int h = RB / 2; h > 0; h >>= 1) {
    if ((int)threadIdx.x < h) red[threadIdx.x] += red[threadIdx.x + h];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(y, rint(red[0] * 1048576.0) / 1048576.0);
}
