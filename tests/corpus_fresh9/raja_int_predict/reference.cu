// float64 reference for corpus_fresh9 raja_int_predict (written for the corpus): plane 0 of px
// becomes the weighted sum of planes 12..6 (dm28..dm22), c0 times planes 4 + 5, plus plane 2,
// summed in the kernel's order (so that inputs with cancellation round the same way).
extern "C" __global__ void int_predict_ref(double* px, double dm22, double dm23, double dm24,
                                           double dm25, double dm26, double dm27, double dm28,
                                           double c0, long long n) {
  const long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double* p = px + i;
  const double s = dm28 * p[12 * n] + dm27 * p[11 * n] + dm26 * p[10 * n] + dm25 * p[9 * n] +
                   dm24 * p[8 * n] + dm23 * p[7 * n] + dm22 * p[6 * n] +
                   c0 * (p[4 * n] + p[5 * n]) + p[2 * n];
  px[i] = s;
}
