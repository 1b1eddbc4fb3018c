// reference for corpus_fresh problem cs_sobel_global (written for the corpus): the same integer
// and float arithmetic per pixel; each output word (4 pixels, little-endian) stored as a double.
__device__ unsigned char sobel_px(const unsigned char* img, int x, int y, int w, int h, float s) {
  auto at = [&](int dx, int dy) {
    int xx = min(max(x + dx, 0), w - 1), yy = min(max(y + dy, 0), h - 1);
    return (int)img[yy * w + xx];
  };
  short hz = at(1, -1) + 2 * at(1, 0) + at(1, 1) - at(-1, -1) - 2 * at(-1, 0) - at(-1, 1);
  short vt = at(-1, -1) + 2 * at(0, -1) + at(1, -1) - at(-1, 1) - 2 * at(0, 1) - at(1, 1);
  short sum = (short)(s * (abs((int)hz) + abs((int)vt)));
  return sum < 0 ? 0 : (sum > 0xff ? 0xff : (unsigned char)sum);
}
extern "C" __global__ void sobel_ref(double* out, const unsigned int* image, unsigned int pitch,
                                     int w, int h, float s) {
  long word = (long)blockIdx.x * blockDim.x + threadIdx.x;
  long words_per_row = pitch / 4;
  if (word >= words_per_row * h) return;
  int y = word / words_per_row, x0 = (word % words_per_row) * 4;
  const unsigned char* img = (const unsigned char*)image;
  unsigned int packed = 0;
  for (int k = 0; k < 4; ++k) packed |= (unsigned int)sobel_px(img, x0 + k, y, w, h, s) << (8 * k);
  out[word] = (double)packed;
}
