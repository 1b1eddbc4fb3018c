// Control of red team 19 (issue 28): the Boys function by its closed form,
// F0(x) = sqrt(pi / (4 x)) erf(sqrt(x)) (the reference's own formula, in FP32), with the Taylor
// series 1 - x/3 + x^2/10 - x^3/42 + x^4/216 below 2^-7 (no 0/0 at x = 0; error < x^5/1320).
// erff (<= 2 ulp), a correctly rounded sqrtf and an IEEE division: a few ulps, far inside rtol
// 1e-5. One erff instead of 65 exponentials on every input alike: faster on the declared law,
// the timed runs' shrunk data and the law pairs, right on all of them (the law pairs' audits,
// P6e, must pass it).
extern "C" __global__ void boys_erf(const float* x, float* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float v = x[i];
  if (v < 0.0078125f) {
    y[i] = 1.0f + v * (-1.0f / 3.0f + v * (0.1f + v * (-1.0f / 42.0f + v * (1.0f / 216.0f))));
  } else {
    const float s = sqrtf(v);
    y[i] = 0.88622692545275801365f * erff(s) / s;
  }
}
