// reference for corpus_fresh6 pt_grid_sample_points: bilinear sampling with zero padding, written
// from the definition: the point (x, y) in [-1, 1]^2 maps to pixel coordinates
// u = ((x + 1) W - 1) / 2, v = ((y + 1) H - 1) / 2, and the value is the sum over the four pixels
// (i, j) with |i - v| < 1, |j - u| < 1 of (1 - |i - v|)(1 - |j - u|) f(i, j), pixels outside the
// map counting zero. One thread per (image, channel, point), in float64.
extern "C" __global__ void grid_sample_ref(const float* in, const float* grid, double* out, int N,
                                           int C, int H, int W, int P) {
  long long id = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (id >= (long long)N * C * P) return;
  int p = (int)(id % P), c = (int)((id / P) % C), n = (int)(id / ((long long)P * C));
  double x = grid[((long long)n * P + p) * 2], y = grid[((long long)n * P + p) * 2 + 1];
  double u = ((x + 1.0) * W - 1.0) / 2.0, v = ((y + 1.0) * H - 1.0) / 2.0;
  int j0 = (int)floor(u), i0 = (int)floor(v);
  double acc = 0;
  for (int i = i0; i <= i0 + 1; ++i)
    for (int j = j0; j <= j0 + 1; ++j) {
      if (i < 0 || i >= H || j < 0 || j >= W) continue;
      double wgt = (1.0 - fabs(i - v)) * (1.0 - fabs(j - u));
      acc += wgt * (double)in[(((long long)n * C + c) * H + i) * W + j];
    }
  out[id] = acc;
}
