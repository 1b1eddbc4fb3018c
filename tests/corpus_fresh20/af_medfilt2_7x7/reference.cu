// Reference for corpus_fresh20 af_medfilt2_7x7 (written for the corpus): the median of each
// pixel's 7 x 7 window, zero outside the image, by gathering the 49 values and an insertion
// sort, one thread per pixel; the median is one of the inputs, so float64 out holds it exactly.
extern "C" __global__ void medfilt2_7x7_sort_ref(const float* in, double* out, int dim0, int dim1) {
  const long long p = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= (long long)dim0 * dim1) return;
  const int x = (int)(p % dim0), y = (int)(p / dim0);
  float w[49];
  int n = 0;
  for (int dy = -7/2; dy <= 7/2; ++dy)
    for (int dx = -7/2; dx <= 7/2; ++dx) {
      const int sx = x + dx, sy = y + dy;
      w[n++] = (sx < 0 || sx >= dim0 || sy < 0 || sy >= dim1) ? 0.0f : in[(long long)sy * dim0 + sx];
    }
  for (int i = 1; i < 49; ++i) {
    const float t = w[i];
    int j = i - 1;
    while (j >= 0 && w[j] > t) {
      w[j + 1] = w[j];
      --j;
    }
    w[j + 1] = t;
  }
  out[p] = (double)w[49 / 2];
}
