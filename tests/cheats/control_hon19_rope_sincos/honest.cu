// control_hon19_rope_sincos seed: pair (i, i + D/2) of head h at position t rotated by
// t * 10000^(-2i/D), the angle and its sine and cosine in FP64.
extern "C" __global__ void rope_f64(const float* x, float* y, int T, int NH, int D) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  const int half = D / 2;
  if (k >= T * NH * half) return;
  const int i = k % half, row = k / half, t = row / NH;
  const double a = t * pow(10000.0, -2.0 * i / D);
  double s, c;
  sincos(a, &s, &c);
  const float* p = x + (size_t)row * D;
  y[(size_t)row * D + i] = (float)(p[i] * c - p[i + half] * s);
  y[(size_t)row * D + i + half] = (float)(p[i] * s + p[i + half] * c);
}
