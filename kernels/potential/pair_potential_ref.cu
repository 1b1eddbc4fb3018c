// float64 references of the pair potentials (red team round 13): one thread per output, a plain
// loop over j in order, the CUDA math library's FP64 pow and sqrt.
#define kRefEps 1.0e-4

extern "C" __global__ void riesz6_ref(const double* x, const double* y, const double* w,
                                      double* out, int n, int m) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double s = 0;
  for (int j = 0; j < m; ++j) {
    const double d = x[i] - y[j];
    s += w[j] * pow(d * d + kRefEps, -1.0 / 6.0);
  }
  out[i] = s;
}

extern "C" __global__ void coulomb_ref(const double* x, const double* y, const double* w,
                                       double* out, int n, int m) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double s = 0;
  for (int j = 0; j < m; ++j) {
    const double d = x[i] - y[j];
    s += w[j] / sqrt(d * d + kRefEps);
  }
  out[i] = s;
}
