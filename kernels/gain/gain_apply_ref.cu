// float64 reference of gain_apply.cu (red team 10): block c computes g[c] in FP64 (gain.cuh)
// and writes y[r][c] = x[r][c] * g[c] for every row, in double (g not rounded to float).
#include <gain.cuh>

extern "C" __global__ void __launch_bounds__(256)
    gain_apply_ref(const float* x, double* y, int R, int C, int M) {
  __shared__ double g;
  const int c = blockIdx.x;
  const double m = gain_mean_block(c, C, M);
  if (threadIdx.x == 0) g = m;
  __syncthreads();
  for (int r = threadIdx.x; r < R; r += blockDim.x)
    y[(long long)r * C + c] = (double)x[(long long)r * C + c] * g;
}
