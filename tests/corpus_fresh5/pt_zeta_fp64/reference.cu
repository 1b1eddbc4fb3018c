// reference for corpus_fresh5 pt_zeta_fp64: the Hurwitz zeta function by a different cut of the
// same Euler-Maclaurin formula: zeta(x, q) = sum_{k<N} (q+k)^-x + (q+N)^(1-x) / (x-1)
// + (q+N)^-x / 2 + sum_{j=1..6} B_2j / (2j)! * x (x+1) ... (x+2j-2) * (q+N)^(-x-2j+1), N = 24.
extern "C" __global__ void zeta_ref(const double* x, const double* q, double* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double s = x[i], a = q[i];
  const int N = 24;
  double sum = 0.0;
  for (int k = 0; k < N; ++k) sum += pow(a + k, -s);
  const double z = a + N;
  sum += pow(z, 1.0 - s) / (s - 1.0) + 0.5 * pow(z, -s);
  // B_2j / (2j)!: 1/12, -1/720, 1/30240, -1/1209600, 1/47900160, -691/1307674368000
  const double c[6] = {1.0 / 12.0,       -1.0 / 720.0,     1.0 / 30240.0,
                       -1.0 / 1209600.0, 1.0 / 47900160.0, -691.0 / 1307674368000.0};
  double rising = s;             // x (x+1) ... (x+2j-2)
  double zp = pow(z, -s - 1.0);  // (q+N)^(-x-2j+1)
  for (int j = 0; j < 6; ++j) {
    sum += c[j] * rising * zp;
    rising *= (s + 2 * j + 1) * (s + 2 * j + 2);
    zp /= z * z;
  }
  out[i] = sum;
}
