// float64 reference for corpus_fresh9 raja_adi_sweep (written for the corpus): for each interior
// column i, the Thomas forward elimination p_j = -c / (a p_{j-1} + b), q_j = (-d U[j][i-1] +
// (1 + 2d) U[j][i] - f U[j][i+1] - a q_{j-1}) / (a p_{j-1} + b) from p_0 = 0, q_0 = 1, then
// V[k][i] = p_k V[k+1][i] + q_k down from V[n-1][i] = 1; V[0][i] = 1.
extern "C" __global__ void adi_col_ref(long long n, double a, double b, double c, double d,
                                       double f, double* P, double* Q, const double* U, double* V) {
  const long long i = 1 + (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n - 1) return;
  double p = 0.0, q = 1.0;
  V[i] = 1.0;
  P[i * n] = p;
  Q[i * n] = q;
  for (long long j = 1; j < n - 1; ++j) {
    const double den = a * p + b;
    const double qn =
        (-d * U[j * n + i - 1] + (1.0 + 2.0 * d) * U[j * n + i] - f * U[j * n + i + 1] - a * q) /
        den;
    p = -c / den;
    q = qn;
    P[i * n + j] = p;
    Q[i * n + j] = q;
  }
  double v = 1.0;
  V[(n - 1) * n + i] = v;
  for (long long k = n - 2; k >= 1; --k) {
    v = P[i * n + k] * v + Q[i * n + k];
    V[k * n + i] = v;
  }
}
