// float64 reference for corpus_fresh problem cs_mandelbrot_fp64 (written for the corpus): the same
// double loop, compiled the same way (escape counts near the boundary are chaotic, so only
// identical arithmetic compares exactly).
extern "C" __global__ void mandel64_ref(double* out, int W, int H, int crunch, double x0, double y0,
                                        double scale) {
  int ix = blockIdx.x * blockDim.x + threadIdx.x;
  int iy = blockIdx.y * blockDim.y + threadIdx.y;
  if (ix >= W || iy >= H) return;
  double xC = x0 + (double)ix * scale, yC = y0 + (double)iy * scale;
  double x = 0, y = 0, xx = 0, yy = 0;
  int i = crunch;
  while (--i && (xx + yy < 4.0)) {
    y = x * y * 2.0 + yC;
    x = xx - yy + xC;
    yy = y * y;
    xx = x * x;
  }
  out[iy * W + ix] = (double)i;
}
