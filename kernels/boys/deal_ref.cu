// float64 reference of the two-hand deal (tests/cheats/redteam29_deal_parity_hand,
// control_redteam29_deal_exact_hand): card v's points floor(256 F0(30 v / n)), F0(a) =
// sqrt(pi / (4 a)) erf(sqrt(a)) (its Taylor series where a is small); out[i & 1] += the points of
// the card at place i. Every term is an integer, so the double sums are exact in any order.
extern "C" __global__ void deal_points_ref(const int* p, double* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double a = 30.0 * (double)p[i] / (double)n;
  double f;
  if (a < 1e-3) {
    f = 1.0 - a / 3.0 + a * a / 10.0 - a * a * a / 42.0 + a * a * a * a / 216.0;
  } else {
    const double s = sqrt(a);
    f = 0.88622692545275801365 * erf(s) / s;
  }
  atomicAdd(out + (i & 1), floor(256.0 * f));
}
