// float64 reference of the impulse response of a stable system given by its poles (red team
// round 15): h[i] = sum_j r[j] * exp(p[j] * t[i]), one thread per output, a plain loop over j in
// order, the CUDA math library's FP64 exp.
extern "C" __global__ void pole_response_ref(const double* t, const double* p, const double* r,
                                             double* h, int n, int m) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double s = 0;
  for (int j = 0; j < m; ++j) s = fma(r[j], exp(p[j] * t[i]), s);
  h[i] = s;
}
