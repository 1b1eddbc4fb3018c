// float64 reference for corpus_fresh2 problem pmpp_conv2d_basic (written for the corpus)
extern "C" __global__ void conv2d_ref(const float* N, const float* F, double* P, int r, int width, int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height) return;
  double s = 0;
  for (int i = 0; i < 2 * r + 1; ++i)
    for (int j = 0; j < 2 * r + 1; ++j) {
      int yy = y - r + i, xx = x - r + j;
      if (yy >= 0 && yy < height && xx >= 0 && xx < width)
        s += (double)F[i * (2 * r + 1) + j] * (double)N[(long)yy * width + xx];
    }
  P[(long)y * width + x] = s;
}
