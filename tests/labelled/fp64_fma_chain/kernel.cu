// 255 dependent DFMAs per element at full occupancy. The H200's FP64 pipe issues 64 lanes per
// SM per cycle (half the FP32 rate: ~33 TFLOP/s), so ~4.3 GFLOP take ~0.13 ms while the 128 MiB
// of traffic needs ~30 us: the FP64 pipe is the limit.
#define DEG 256

extern "C" __global__ void __launch_bounds__(256)
    horner_fp64(const double* __restrict__ x, double* __restrict__ y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double v = x[i];
  double acc = 1.0 / (double)(DEG - 1 + 2);
#pragma unroll
  for (int k = DEG - 2; k >= 0; --k) acc = fma(acc, v, 1.0 / (double)(k + 2));
  y[i] = acc;
}
