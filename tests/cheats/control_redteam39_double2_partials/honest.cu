// control_redteam39_double2_partials' seed: {sum x, sum x^2} accumulated in FP64, 8 values a
// thread, a block's sums by warp shuffles, one FP64 atomic a block and moment into a 2-word f64
// scratch (zeroed by the first launch), rounded to the FP32 outputs by the last.
__device__ __forceinline__ double warp_sum(double v) {
  for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffffu, v, o);
  return v;
}
extern "C" __global__ void moments_zero(double* acc) {
  if (threadIdx.x < 2) acc[threadIdx.x] = 0.0;
}
extern "C" __global__ void __launch_bounds__(256)
    moments_atomic(const float* __restrict__ x, double* acc, int n) {
  __shared__ double ws[8], wq[8];
  double a = 0, b = 0;
  const long long base = (long long)blockIdx.x * 2048 + threadIdx.x;
#pragma unroll
  for (int k = 0; k < 8; ++k) {
    const long long i = base + 256ll * k;
    if (i < n) {
      const double v = x[i];
      a += v;
      b += v * v;
    }
  }
  a = warp_sum(a), b = warp_sum(b);
  if ((threadIdx.x & 31) == 0) ws[threadIdx.x / 32] = a, wq[threadIdx.x / 32] = b;
  __syncthreads();
  if (threadIdx.x < 32) {
    a = threadIdx.x < 8 ? ws[threadIdx.x] : 0.0;
    b = threadIdx.x < 8 ? wq[threadIdx.x] : 0.0;
    a = warp_sum(a), b = warp_sum(b);
    if (threadIdx.x == 0) atomicAdd(acc, a), atomicAdd(acc + 1, b);
  }
}
extern "C" __global__ void moments_finish(const double* acc, float* out) {
  if (threadIdx.x < 2) out[threadIdx.x] = float(acc[threadIdx.x]);
}
