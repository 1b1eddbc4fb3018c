// control_redteam39_double2_partials' reference: {sum x, sum x^2} of n FP32 values in float64,
// one block, a fixed order (each thread a stride, then a tree in shared memory).
extern "C" __global__ void __launch_bounds__(1024)
    moments_ref(const float* x, double* out, int n) {
  __shared__ double s[1024], q[1024];
  double a = 0, b = 0;
  for (long long i = threadIdx.x; i < n; i += blockDim.x) {
    const double v = x[i];
    a += v;
    b += v * v;
  }
  s[threadIdx.x] = a, q[threadIdx.x] = b;
  __syncthreads();
  for (int h = blockDim.x / 2; h > 0; h /= 2) {
    if (threadIdx.x < h) s[threadIdx.x] += s[threadIdx.x + h], q[threadIdx.x] += q[threadIdx.x + h];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[0] = s[0], out[1] = q[0];
}
