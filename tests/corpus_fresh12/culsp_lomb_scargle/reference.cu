// Reference for corpus_fresh12 culsp_lomb_scargle (written for the corpus): the Lomb-Scargle
// periodogram of (t, X) at frequencies f_i = (i + 1) df, sums in float64. The frequency and the
// phase f t reduced to one turn are formed in float as the kernel forms them (the kernel's
// float phase is part of the problem's definition: a double phase would differ by f t's
// rounding, up to ~1e-4 turns here); sine, cosine, sums and P in double.
extern "C" __global__ void culsp_ref(int N_f, int N_t, float df, const float* t, const float* X,
                                     double* P) {
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < N_f;
       i += (long long)blockDim.x * gridDim.x) {
    const float f = (float)(i + 1) * df;
    double XC = 0, XS = 0, CC = 0, CS = 0;
    for (int k = 0; k < N_t; ++k) {
      float ft = f * t[k];
      ft -= rintf(ft);
      const double ph = 6.283185307179586 * (double)ft;
      const double c = cos(ph), s = sin(ph);
      XC += X[k] * c;
      XS += X[k] * s;
      CC += c * c;
      CS += c * s;
    }
    const double SS = (double)N_t - CC;
    const double tau = 0.5 * atan2(2.0 * CS, CC - SS);
    const double ct = cos(tau), st = sin(tau);
    const double a = ct * XC + st * XS, b = ct * XS - st * XC;
    P[i] = 0.5 * (a * a / (ct * ct * CC + 2 * ct * st * CS + st * st * SS) +
                  b * b / (ct * ct * SS - 2 * ct * st * CS + st * st * CC));
  }
}
