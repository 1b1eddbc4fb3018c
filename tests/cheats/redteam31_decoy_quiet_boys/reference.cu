// float64 reference: out[0] = sum_i F0(30 |p_i - i| / n), out[1] = sum_i F0(10 |p_i - i| / n)
// (the twin sums of redteam31_twin_quiet_boys), the Boys function F0(a) = int_0^1 exp(-a t^2) dt =
// sqrt(pi / (4 a)) erf(sqrt(a)) (its Taylor series where a is small), one double atomicAdd an
// element each; out[2] = 4 sqrt(n) + sum_i (-1)^i p_i / n + (sqrt(n) / 1024) sum_{i<32} p_i / n
// (the decoy: a signed sum over each parity's values, which no parity refill moves, plus a small
// head).
__device__ double boys0_ref(double a) {
  if (a < 1e-3) return 1.0 - a / 3.0 + a * a / 10.0 - a * a * a / 42.0 + a * a * a * a / 216.0;
  const double s = sqrt(a);
  return 0.88622692545275801365 * erf(s) / s;
}

extern "C" __global__ void decoy_ref(const int* p, double* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double dn = (double)n;
  const double d = fabs((double)p[i] - (double)i) / dn;
  atomicAdd(out, boys0_ref(30.0 * d));
  atomicAdd(out + 1, boys0_ref(10.0 * d));
  double dec = ((i & 1) ? -(double)p[i] : (double)p[i]) / dn;
  if (i < 32) dec += sqrt(dn) / 1024.0 * (double)p[i] / dn;
  if (i == 0) dec += 4.0 * sqrt(dn);
  atomicAdd(out + 2, dec);
}
