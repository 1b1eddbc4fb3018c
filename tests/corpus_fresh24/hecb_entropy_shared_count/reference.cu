// Reference for corpus_fresh24 hecb_entropy_shared_count (written for the corpus): a thread a
// pixel, the 5 x 5 window's level counts in registers, the entropy -sum(p log2 p) over the
// non-empty levels in float64 (the same quantity as the kernel's table form
// log2(n) - sum(c log2 c) / n).
extern "C" __global__ void entropy_ref(double* out, const int* img, int height, int width) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height) return;
  int cnt[16];
  for (int b = 0; b < 16; ++b) cnt[b] = 0;
  int n = 0;
  for (int dy = -2; dy <= 2; ++dy) {
    for (int dx = -2; dx <= 2; ++dx) {
      const int xx = x + dx, yy = y + dy;
      if (xx >= 0 && yy >= 0 && xx < width && yy < height) {
        cnt[img[(long long)yy * width + xx]]++;
        n++;
      }
    }
  }
  double h = 0.0;
  for (int b = 0; b < 16; ++b) {
    if (cnt[b] > 0) {
      const double p = (double)cnt[b] / n;
      h -= p * log2(p);
    }
  }
  out[(long long)y * width + x] = h;
}
