// Float64 reference: the same map with the library sin and exp in double.
extern "C" __global__ void sfu_ref(const float* x, double* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double c = 0.125 * (double)x[i];
  double v = (double)x[i];
  for (int s = 0; s < 64; ++s) v = 0.5 * sin(v) + (0.25 * exp(-v * v) + c);
  y[i] = v;
}
