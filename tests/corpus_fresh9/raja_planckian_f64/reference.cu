// float64 reference for corpus_fresh9 raja_planckian_f64 (written for the corpus): y = u / v and
// w = x / expm1(y) per element.
extern "C" __global__ void planckian_ref(const double* x, double* y, const double* u,
                                         const double* v, double* w, long long n) {
  const long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double yi = u[i] / v[i];
  y[i] = yi;
  w[i] = x[i] / expm1(yi);
}
