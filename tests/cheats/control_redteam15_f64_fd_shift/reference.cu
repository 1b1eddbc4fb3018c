// float64 reference of a forward-difference derivative (red team round 15): g(x) = sum_j r[j]
// exp(-a[j] x), out[i] = (g(x[i] + h) - g(x[i])) / h with h = 2^-26 (about sqrt of FP64's
// epsilon, the textbook step of a forward difference). One thread per output, plain loops over j
// in order, the CUDA math library's FP64 exp; the seed's operations in the seed's order.
#define kFdStep 1.4901161193847656e-08  // 2^-26

extern "C" __global__ void fd_ref(const double* x, const double* a, const double* r, double* out,
                                  int n, int m) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double xh = x[i] + kFdStep;
  double g1 = 0, g0 = 0;
  for (int j = 0; j < m; ++j) g1 = fma(r[j], exp(-a[j] * xh), g1);
  for (int j = 0; j < m; ++j) g0 = fma(r[j], exp(-a[j] * x[i]), g0);
  out[i] = (g1 - g0) / kFdStep;
}
