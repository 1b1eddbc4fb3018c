// float64 reference: out[0] = sum_i F0(30 |p_i - i| / n) + sum_{i<32} p_i (a Gaussian-overlap
// displacement score plus a head checksum, one number), the Boys function F0(a) = int_0^1
// exp(-a t^2) dt = sqrt(pi / (4 a)) erf(sqrt(a)) (its Taylor series where a is small), one double
// atomicAdd an element.
extern "C" __global__ void inner_head_ref(const int* p, double* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double a = 30.0 * fabs((double)p[i] - (double)i) / (double)n;
  double f;
  if (a < 1e-3) {
    f = 1.0 - a / 3.0 + a * a / 10.0 - a * a * a / 42.0 + a * a * a * a / 216.0;
  } else {
    const double s = sqrt(a);
    f = 0.88622692545275801365 * erf(s) / s;
  }
  if (i < 32) f += (double)p[i];
  atomicAdd(out, f);
}
