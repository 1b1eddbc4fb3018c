// float64 reference for corpus problem cs_blackscholes (written for the corpus)
__device__ double cnd_ref(double d) {
  const double A1 = 0.31938153, A2 = -0.356563782, A3 = 1.781477937, A4 = -1.821255978, A5 = 1.330274429;
  double K = 1.0 / (1.0 + 0.2316419 * fabs(d));
  double c = 0.39894228040143267793994605993438 * exp(-0.5 * d * d) * (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))));
  return d > 0 ? 1.0 - c : c;
}
extern "C" __global__ void bs_ref(double* call, double* put, const float* S, const float* X, const float* T, float R, float V, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double s = S[i], x = X[i], t = T[i], sq = sqrt(t);
  double d1 = (log(s / x) + (R + 0.5 * (double)V * V) * t) / (V * sq), d2 = d1 - V * sq;
  double c1 = cnd_ref(d1), c2 = cnd_ref(d2), e = exp(-(double)R * t);
  call[i] = s * c1 - x * e * c2;
  put[i] = x * e * (1.0 - c2) - s * (1.0 - c1);
}
