// float64 reference for corpus_fresh8 pt_digamma_f32 (written for the corpus): psi(x) for x > 0
// by the recurrence psi(x) = psi(x + 1) - 1/x up to x >= 30 and the asymptotic series
// ln x - 1/(2x) - sum_k B_2k / (2k x^2k) to x^-14 there, all in double; one thread per value.
extern "C" __global__ void digamma_ref(long long n, const float* in, double* out) {
  const long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double x = in[i], acc = 0.0;
  while (x < 30.0) {
    acc -= 1.0 / x;
    x += 1.0;
  }
  const double z = 1.0 / (x * x);
  // B2/2, B4/4, ..., B14/14
  const double c[7] = {1.0 / 12, -1.0 / 120, 1.0 / 252, -1.0 / 240, 1.0 / 132, -691.0 / 32760,
                       1.0 / 12};
  double s = 0.0, zk = z;
  for (int k = 0; k < 7; ++k) {
    s += c[k] * zk;
    zk *= z;
  }
  out[i] = acc + log(x) - 0.5 / x - s;
}
