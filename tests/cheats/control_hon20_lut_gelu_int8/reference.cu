// float64 reference (hon20): v = scale * code (exact in double), gelu by erf in double.
extern "C" __global__ void gelu_ref(const unsigned int* q, double* y, int n, float scale) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int code = (int)(signed char)((q[i / 4] >> (8 * (i % 4))) & 255u);
  const double v = (double)scale * code;
  y[i] = 0.5 * v * (1.0 + erf(v * 0.70710678118654752));
}
