// float64 reference for corpus_fresh4 problem rod_lavamd (written for the corpus): one thread per
// particle, the same boxes in the same order; fv arrives zeroed
extern "C" __global__ void lavamd_ref(double alpha, int boxes1d, const double* rv, const double* qv,
                                      double* fv) {
  const int nb = boxes1d * boxes1d * boxes1d;
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= nb * 100) return;
  const int bx = p / 100;
  const int hx = bx % boxes1d, hy = (bx / boxes1d) % boxes1d, hz = bx / (boxes1d * boxes1d);
  const double a2 = 2.0 * alpha * alpha;
  const double* a = rv + 4L * p;
  double fv0 = fv[4L * p], fv1 = fv[4L * p + 1], fv2 = fv[4L * p + 2], fv3 = fv[4L * p + 3];
  for (int k = 0; k < 28; ++k) {
    int box = bx;
    if (k > 0) {
      const int l = (k - 1) / 9 - 1, m = ((k - 1) / 3) % 3 - 1, n = (k - 1) % 3 - 1;
      if (l == 0 && m == 0 && n == 0) continue;
      if (hz + l < 0 || hy + m < 0 || hx + n < 0 || hz + l >= boxes1d || hy + m >= boxes1d ||
          hx + n >= boxes1d)
        continue;
      box = ((hz + l) * boxes1d + (hy + m)) * boxes1d + (hx + n);
    }
    for (int j = 0; j < 100; ++j) {
      const double* b = rv + 4L * (box * 100 + j);
      const double q = qv[box * 100 + j];
      const double r2 = a[0] + b[0] - (a[1] * b[1] + a[2] * b[2] + a[3] * b[3]);
      const double vij = exp(-a2 * r2);
      const double fs = 2 * vij;
      fv0 += q * vij;
      fv1 += q * fs * (a[1] - b[1]);
      fv2 += q * fs * (a[2] - b[2]);
      fv3 += q * fs * (a[3] - b[3]);
    }
  }
  fv[4L * p] = fv0;
  fv[4L * p + 1] = fv1;
  fv[4L * p + 2] = fv2;
  fv[4L * p + 3] = fv3;
}
