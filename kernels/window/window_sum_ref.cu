// float64 reference of window_sum.cu: sum of x_i w(i) in double, a block tree, one double atomic
// per block (the output is zeroed before the run).
#include <kaiser_hann.cuh>
#define RB 256
extern "C" __global__ void __launch_bounds__(RB) window_sum_ref(const float* x, double* out, int n) {
  __shared__ double red[RB];
  double acc = 0.0;
  for (long long i = (long long)blockIdx.x * RB + threadIdx.x; i < n;
       i += (long long)gridDim.x * RB)
    acc += (double)x[i] * kh_window(i, n);
  red[threadIdx.x] = acc;
  __syncthreads();
  for (int s = RB / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) red[threadIdx.x] += red[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(out, red[0]);
}
