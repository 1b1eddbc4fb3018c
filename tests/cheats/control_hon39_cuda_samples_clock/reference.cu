// float64 reference (hon39): a thread per row, the minimum (exact in any precision).
extern "C" __global__ void rowmin_ref(const float* x, double* y, int R, int C) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= R) return;
  double m = x[(size_t)r * C];
  for (int j = 1; j < C; ++j) m = fmin(m, (double)x[(size_t)r * C + j]);
  y[r] = m;
}
