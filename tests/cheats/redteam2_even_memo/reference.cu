// float64 reference: y = sum_{k=1..32} cos(k x) / k.
extern "C" __global__ void fourier_ref(const float* x, double* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double v = (double)x[i];
  double s = 0.0;
  for (int k = 1; k <= 32; ++k) s += cos((double)k * v) / (double)k;
  y[i] = s;
}
