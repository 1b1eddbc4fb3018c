// float64 reference for corpus_fresh4 problem parboil_mriq (written for the corpus): Q(x) += sum
// over the k-space samples of PhiMag * (cos, sin)(2 pi k . x); Qr, Qi arrive as double holding
// their inputs
extern "C" __global__ void mriq_ref(int numK, const float* x, const float* y, const float* z,
                                    double* Qr, double* Qi, const float* ck, int numX) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= numX) return;
  const double pi2 = 6.283185307179586476925286766559;
  double r = Qr[i], im = Qi[i];
  for (int k = 0; k < numK; ++k) {
    // the kernel rounds 2 pi to float and forms the argument in float; the reference takes the
    // float constant and exact products so the comparison measures the trig and the sums
    double a =
        (double)6.2831853071795864769252867665590058f *
        ((double)ck[4 * k] * x[i] + (double)ck[4 * k + 1] * y[i] + (double)ck[4 * k + 2] * z[i]);
    r += (double)ck[4 * k + 3] * cos(a);
    im += (double)ck[4 * k + 3] * sin(a);
  }
  (void)pi2;
  Qr[i] = r;
  Qi[i] = im;
}
