// Float64 reference: the same map with the exact exp and log.
extern "C" __global__ void explog_ref(const float* x, double* y, int n) {
  const long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double xi = x[i];
  double v = xi;
  for (int s = 0; s < 48; ++s) {
    const double v2 = v * v;
    v = 0.5 * exp(-v2) + 0.25 * log(1.0 + v2) + 0.125 * xi;
  }
  y[i] = v;
}
