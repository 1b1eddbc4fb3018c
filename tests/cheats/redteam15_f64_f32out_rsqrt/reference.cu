// float64 reference of the Coulomb sum stored as float32 (red team round 15): one thread per
// output, a plain loop over j in order, FP64 sqrt and divide, rounded once to FP32.
extern "C" __global__ void coulomb_f32out_ref(const double* x, const double* y, const double* w,
                                              double* out, int n, int m) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double s = 0;
  for (int j = 0; j < m; ++j) {
    const double d = x[i] - y[j];
    s += w[j] / sqrt(d * d + 1.0e-4);
  }
  out[i] = (double)(float)s;
}
