// float64 reference: out[0] = sum_i F0(30 |p_i - i| / n), out[1] = sum_i F0(10 |p_i - i| / n)
// (the same overlap at a third of the width), the Boys function F0(a) = int_0^1 exp(-a t^2) dt =
// sqrt(pi / (4 a)) erf(sqrt(a)) (its Taylor series where a is small), one double atomicAdd an
// element each; out[2] = sum_{i<32} p_i (the head checksum).
__device__ double boys0_ref(double a) {
  if (a < 1e-3) return 1.0 - a / 3.0 + a * a / 10.0 - a * a * a / 42.0 + a * a * a * a / 216.0;
  const double s = sqrt(a);
  return 0.88622692545275801365 * erf(s) / s;
}

extern "C" __global__ void twin_head_ref(const int* p, double* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double d = fabs((double)p[i] - (double)i) / (double)n;
  atomicAdd(out, boys0_ref(30.0 * d));
  atomicAdd(out + 1, boys0_ref(10.0 * d));
  if (i < 32) atomicAdd(out + 2, (double)p[i]);
}
