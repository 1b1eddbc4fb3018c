// Reference for corpus_fresh21 cv_gauss_column31 (written for the corpus): the 31-tap vertical
// filter in float64, one thread per pixel, rows outside the image mirrored without repeating
// the edge (BORDER_REFLECT_101: -1 -> 1, rows -> rows - 2); anchor 15.
extern "C" __global__ void column_filter_ref(const float* src, const float* taps, double* dst,
                                             int rows, int cols, int ksize, int anchor) {
  const long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= (long long)rows * cols) return;
  const int x = (int)(i % cols);
  const int y = (int)(i / cols);
  double acc = 0.0;
  for (int k = 0; k < ksize; ++k) {
    int r = y - anchor + k;
    if (r < 0) r = -r;
    if (r > rows - 1) r = 2 * (rows - 1) - r;
    acc += (double)src[(long long)r * cols + x] * (double)taps[k];
  }
  dst[i] = acc;
}
