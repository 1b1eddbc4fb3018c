// float64 reference (hon22): y = gelu(x + bias) with erf in double, the row's mean of y.
extern "C" __global__ void bias_gelu_mean_ref(const float* x, const float* bias, double* y,
                                              double* mean, int R, int C) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= R) return;
  double s = 0.0;
  for (int c = 0; c < C; ++c) {
    const double v = (double)x[(size_t)r * C + c] + (double)bias[c];
    const double g = 0.5 * v * (1.0 + erf(v * 0.70710678118654752440));
    y[(size_t)r * C + c] = g;
    s += g;
  }
  mean[r] = s / (double)C;
}
