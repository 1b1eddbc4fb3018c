// Float64 reference: the same recurrence in double.
extern "C" __global__ void chain_ref(const float* x, double* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double a = (double)x[i];
  double v = 0.0;
  for (int s = 0; s < 65536; ++s) v = v * a + 0.5;
  y[i] = v;
}
