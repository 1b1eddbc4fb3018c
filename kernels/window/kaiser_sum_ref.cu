// float64 reference (written for the red team): sum of x_i w_i in double, w the Kaiser window
// (beta = 2) of kaiser.h in double, a block tree, one double atomic per block (the output is
// zeroed before the run: zero_before_run).
#define RB 256
extern "C" __global__ void __launch_bounds__(RB)
    kaiser_sum_ref(const float* x, double* out, int n) {
  __shared__ double red[RB];
  const int tid = threadIdx.x;
  double acc = 0.0;
  for (long long i = (long long)blockIdx.x * RB + tid; i < n; i += (long long)gridDim.x * RB) {
    const double t = 2.0 * (double)i / (double)(n - 1) - 1.0;
    const double w = cyl_bessel_i0(2.0 * sqrt(fmax(0.0, 1.0 - t * t))) / 2.2795853023360673;
    acc += (double)x[i] * w;
  }
  red[tid] = acc;
  __syncthreads();
  for (int s = RB / 2; s > 0; s >>= 1) {
    if (tid < s) red[tid] += red[tid + s];
    __syncthreads();
  }
  if (tid == 0) atomicAdd(out, red[0]);
}
