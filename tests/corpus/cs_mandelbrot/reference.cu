// float64 reference for corpus problem cs_mandelbrot (written for the corpus)
extern "C" __global__ void mandel_ref(double* out, int w, int h, int crunch, float x0, float y0, float scale) {
  int px = blockIdx.x * blockDim.x + threadIdx.x, py = blockIdx.y * blockDim.y + threadIdx.y;
  if (px >= w || py >= h) return;
  float xC = x0 + px * scale, yC = y0 + py * scale, x = 0, y = 0, xx = 0, yy = 0;
  int i = crunch;
  while (--i && (xx + yy < 4.0f)) { y = x * y * 2.0f + yC; x = xx - yy + xC; yy = y * y; xx = x * x; }
  out[(long)py * w + px] = i;
}
