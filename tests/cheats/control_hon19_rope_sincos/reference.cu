// float64 reference (hon19): RoPE in double.
extern "C" __global__ void rope_ref(const float* x, double* y, int T, int NH, int D) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  const int half = D / 2;
  if (k >= T * NH * half) return;
  const int i = k % half, row = k / half, t = row / NH;
  const double a = t * pow(10000.0, -2.0 * i / D), c = cos(a), s = sin(a);
  const float* p = x + (size_t)row * D;
  y[(size_t)row * D + i] = p[i] * c - p[i + half] * s;
  y[(size_t)row * D + i + half] = p[i] * s + p[i + half] * c;
}
