// float64 reference: the Boys function F0(x) = int_0^1 exp(-x t^2) dt
// = sqrt(pi / (4 x)) erf(sqrt(x)), with its Taylor series where x is small (no 0/0 at x = 0).
extern "C" __global__ void boys_ref(const float* x, double* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double v = (double)x[i];
  if (v < 1e-3) {
    // 1 - v/3 + v^2/10 - v^3/42 + v^4/216 - v^5/1320: the next term is < 1e-21.
    y[i] = 1.0 - v / 3.0 + v * v / 10.0 - v * v * v / 42.0 + v * v * v * v / 216.0 -
           v * v * v * v * v / 1320.0;
  } else {
    const double s = sqrt(v);
    y[i] = 0.88622692545275801365 * erf(s) / s;  // sqrt(pi) / 2
  }
}
