// Float64 reference: the same two recurrences.
extern "C" __global__ void sign_ref(const float* x, double* y, int n) {
  const long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double v = x[i];
  double a = v;
  if (v > 0.0) {
    for (int s = 0; s < 384; ++s) a = a * 0.99 + v;
  } else {
    for (int s = 0; s < 640; ++s) a = a * -0.98 + 0.5 * v;
  }
  y[i] = a;
}
