// Reference for corpus_fresh20 af_iir_biquad (written for the corpus): the direct-form
// recursion a[0] y[i] = c[i] - sum_{k >= 1} a[k] y[i - k] in double, one thread per signal,
// the last (num_a - 1) outputs kept in registers (num_a <= 8); float64 out.
extern "C" __global__ void iir_direct_ref(const float* c, const float* a, double* y, int len,
                                          int num_a, int signals) {
  const int s = blockIdx.x * blockDim.x + threadIdx.x;
  if (s >= signals || num_a > 8 || num_a < 1) return;
  const long long o = (long long)s * len;
  double hist[8] = {0, 0, 0, 0, 0, 0, 0, 0};  // hist[k] = y[i - 1 - k]
  const double a0 = (double)a[0];
  for (int i = 0; i < len; ++i) {
    double acc = (double)c[o + i];
    for (int k = 1; k < num_a; ++k) acc -= (double)a[k] * hist[k - 1];
    const double yi = acc / a0;
    for (int k = 7; k > 0; --k) hist[k] = hist[k - 1];
    hist[0] = yi;
    y[o + i] = yi;
  }
}
