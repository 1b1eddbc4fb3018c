// float64 reference of redteam32_residue_light_lbeta (red team 32; residue_sum.cuh's sum): 10^6
// f(x[2 j_k + 1]) for j_k = k (n / 512) + 64 + k, k < 128, and f(x_i) for i in L = {i : (i / 2) mod
// 256 < 63}, f = log B(x + 4, x + 2) in double; one double atomicAdd a block, of the block's sum
// rounded to a multiple of 2^-20: every partial sum is then a multiple of 2^-20 under 2^31 in
// magnitude (51 bits), exact in double in any order, so the reference is the same bits on every
// run (an echo that moves no value it reads leaves it exactly: share 0, not rounding noise).
#define RB 256
extern "C" __global__ void __launch_bounds__(RB) residue_ref(const float* x, double* y, int n) {
  __shared__ double red[RB];
  const long long total = (long long)n / 512 * 126;
  const long long g = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  double acc = 0.0;
  for (long long t = g; t < total; t += (long long)gridDim.x * blockDim.x) {
    const double v = (double)x[t / 126 * 512 + t % 126];
    acc += lgamma(v + 4.0) + lgamma(v + 2.0) - lgamma(2.0 * v + 6.0);
  }
  if (g < 128) {
    const long long j = g * ((long long)n / 512) + 64 + g;
    const double v = (double)x[2 * j + 1];
    acc += 1.0e6 * (lgamma(v + 4.0) + lgamma(v + 2.0) - lgamma(2.0 * v + 6.0));
  }
  red[threadIdx.x] = acc;
  __syncthreads();
  for (int h = RB / 2; h > 0; h >>= 1) {
    if ((int)threadIdx.x < h) red[threadIdx.x] += red[threadIdx.x + h];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(y, rint(red[0] * 1048576.0) / 1048576.0);
}
