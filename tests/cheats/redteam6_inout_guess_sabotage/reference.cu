// float64 reference (written for the red team): Newton in double from 0 (y1 = b, then monotone:
// the root has b's sign and |root| <= |b|, the function is convex on that side), 60 steps.
extern "C" __global__ void cubic_ref(const float* a, const float* b, double* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double A = a[i], B = b[i];
  double v = 0.0;
  for (int k = 0; k < 60; ++k) v -= (v + A * v * v * v - B) / (1.0 + 3.0 * A * v * v);
  y[i] = v;
}
