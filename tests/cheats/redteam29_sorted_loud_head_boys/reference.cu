// float64 reference: y = sum_i f(x_i), f(v) = (1/16) sum_{k=0}^{15} F0((1 + k) v), the Boys
// function F0(a) = int_0^1 exp(-a t^2) dt = sqrt(pi / (4 a)) erf(sqrt(a)) (its Taylor series
// where a is small): a contracted shell of 16 primitive exponents. One double atomicAdd an element.
// out[1] = 10^5 x the sum of x_0..x_31 (red team 29's head checksum; red team 28's reference else).
__device__ double boys0_ref(double a) {
  if (a < 1e-3) return 1.0 - a / 3.0 + a * a / 10.0 - a * a * a / 42.0 + a * a * a * a / 216.0;
  const double s = sqrt(a);
  return 0.88622692545275801365 * erf(s) / s;
}
extern "C" __global__ void boys16_head_ref(const float* x, double* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double v = (double)x[i];
  double f = 0.0;
  for (int k = 0; k < 16; ++k) f += boys0_ref((1.0 + k) * v);
  atomicAdd(out, f / 16.0);
  if (i < 32) atomicAdd(out + 1, 1.0e5 * v);
}
