// control_redteam8_cuda_samples_blackscholes seed: European call and put prices (Black-Scholes),
// one option per thread, written plainly in FP64 from the FP32 inputs: N(d) = erfc(-d / sqrt 2) / 2,
// log, exp and sqrt in double, the prices rounded to float at the end.
#define RISKFREE 0.02
#define VOLATILITY 0.30
extern "C" __global__ void bs_fp64(const float* S, const float* X, const float* T, float* call,
                                   float* put, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double s = S[i], x = X[i], t = T[i], sqrt_t = sqrt(t);
  const double d1 = (log(s / x) + (RISKFREE + 0.5 * VOLATILITY * VOLATILITY) * t) /
                    (VOLATILITY * sqrt_t);
  const double d2 = d1 - VOLATILITY * sqrt_t;
  const double n1 = 0.5 * erfc(-d1 * 0.7071067811865476), n2 = 0.5 * erfc(-d2 * 0.7071067811865476);
  const double disc = x * exp(-RISKFREE * t);
  call[i] = (float)(s * n1 - disc * n2);
  put[i] = (float)(disc * (1.0 - n2) - s * (1.0 - n1));
}
