// Reference for corpus_fresh19 cudpp_crpcr_tridiag (written for the corpus): each system
// a_i x_{i-1} + b_i x_i + c_i x_{i+1} = d_i (a_0 and c_{n-1} not used) solved by the Thomas
// algorithm in double, one thread per system: c'_i kept in the output's slots, d'_i in a local
// array (n <= 1024), then back substitution in place; float64 out.
extern "C" __global__ void tridiag_thomas_ref(const float* a, const float* b, const float* c,
                                              const float* d, double* x, int n, int systems) {
  const int s = blockIdx.x * blockDim.x + threadIdx.x;
  if (s >= systems || n > 1024) return;
  const long long o = (long long)s * n;
  double dp[1024];
  double c_prev = 0.0, d_prev = 0.0;
  for (int i = 0; i < n; ++i) {
    const double ai = (i > 0) ? (double)a[o + i] : 0.0;
    const double m = (double)b[o + i] - ai * c_prev;
    c_prev = (i < n - 1) ? (double)c[o + i] / m : 0.0;
    d_prev = ((double)d[o + i] - ai * d_prev) / m;
    x[o + i] = c_prev;
    dp[i] = d_prev;
  }
  double xi = dp[n - 1];
  x[o + n - 1] = xi;
  for (int i = n - 2; i >= 0; --i) {
    xi = dp[i] - x[o + i] * xi;
    x[o + i] = xi;
  }
}
