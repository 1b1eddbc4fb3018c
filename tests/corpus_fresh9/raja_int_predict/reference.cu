// float64 reference for corpus_fresh9 raja_int_predict (written for the corpus): plane 0 of px
// becomes the weighted sum of planes 12..6 (dm28..dm22), c0 times planes 4 + 5, plus plane 2.
extern "C" __global__ void int_predict_ref(double* px, double dm22, double dm23, double dm24,
                                           double dm25, double dm26, double dm27, double dm28,
                                           double c0, long long n) {
  const long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double* p = px + i;
  const double w[7] = {dm22, dm23, dm24, dm25, dm26, dm27, dm28};
  double s = p[2 * n] + c0 * (p[4 * n] + p[5 * n]);
  for (int k = 0; k < 7; ++k) s += w[k] * p[(6 + k) * n];
  px[i] = s;
}
