// float64 reference (written for the red team): the Black-Scholes prices in double, N(d) from
// erfc, as the seed but with no rounding to float.
extern "C" __global__ void bs_ref(const float* S, const float* X, const float* T, double* call,
                                  double* put, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double r = 0.02, v = 0.30;
  const double s = S[i], x = X[i], t = T[i], sqrt_t = sqrt(t);
  const double d1 = (log(s / x) + (r + 0.5 * v * v) * t) / (v * sqrt_t), d2 = d1 - v * sqrt_t;
  const double n1 = 0.5 * erfc(-d1 / sqrt(2.0)), n2 = 0.5 * erfc(-d2 / sqrt(2.0));
  call[i] = s * n1 - x * exp(-r * t) * n2;
  put[i] = x * exp(-r * t) * (1.0 - n2) - s * (1.0 - n1);
}
