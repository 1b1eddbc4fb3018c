// Reference for corpus_fresh21's max-pool pair (written for the corpus): one thread per output,
// the clipped window scanned row by row, the first strict maximum kept (the inputs are
// continuous, so a tie has probability zero); value as float64, flat position in the plane as
// int64.
extern "C" __global__ void maxpool_ref(const float* x, double* y, long long* idx, int n, int c,
                                       int h, int w, int oh, int ow, int k, int s, int p) {
  const long long o = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  const long long total = (long long)n * c * oh * ow;
  if (o >= total) return;
  const int ox = (int)(o % ow);
  const int oy = (int)((o / ow) % oh);
  const long long plane = o / ((long long)ow * oh);
  const float* src = x + plane * h * w;
  double best = -1.0 / 0.0;
  long long at = -1;
  for (int i = 0; i < k; ++i) {
    const int y0 = oy * s - p + i;
    if (y0 < 0 || y0 >= h) continue;
    for (int j = 0; j < k; ++j) {
      const int x0 = ox * s - p + j;
      if (x0 < 0 || x0 >= w) continue;
      const double v = (double)src[y0 * w + x0];
      if (at < 0 || v > best) {
        best = v;
        at = (long long)y0 * w + x0;
      }
    }
  }
  y[o] = best;
  idx[o] = at;
}
