// float64 reference (hon19): the same MX quantisation in double (frexp, ldexp, rint: exact).
extern "C" __global__ void mx_ref(const float* x, double* q, double* e, int n) {
  const int b = blockIdx.x * blockDim.x + threadIdx.x;
  if (b >= n / 32) return;
  const float* v = x + (size_t)b * 32;
  double m = 0;
  for (int i = 0; i < 32; ++i) m = fmax(m, fabs((double)v[i]));
  int ex = 0;
  frexp(m, &ex);
  e[b] = ex;
  for (int i = 0; i < 32; ++i)
    q[(size_t)b * 32 + i] = fmin(127.0, fmax(-127.0, rint(ldexp((double)v[i], 7 - ex))));
}
