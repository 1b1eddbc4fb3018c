// Reference: the 3x3 median of a float image, edges clamped; the nine values sorted in float64
// (each is a float, so the median is one of them exactly).
extern "C" __global__ void median9_ref(const float* x, double* y, int H, int W) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x, r = blockIdx.y * blockDim.y + threadIdx.y;
  if (r >= H || c >= W) return;
  double v[9];
  int n = 0;
  for (int dr = -1; dr <= 1; ++dr)
    for (int dc = -1; dc <= 1; ++dc) {
      const int rr = min(max(r + dr, 0), H - 1), cc = min(max(c + dc, 0), W - 1);
      v[n++] = (double)x[(size_t)rr * W + cc];
    }
  for (int i = 1; i < 9; ++i)
    for (int j = i; j > 0 && v[j - 1] > v[j]; --j) {
      const double t = v[j];
      v[j] = v[j - 1];
      v[j - 1] = t;
    }
  y[(size_t)r * W + c] = v[4];
}
