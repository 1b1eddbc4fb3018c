// Reference for corpus_fresh15 opencv_bgr2hsv_8u (written for the corpus): OpenCV's 8-bit HSV
// (H in 0..179, S and V in 0..255) in its fixed-point form, each reciprocal computed by a
// division here instead of read from a table, the hue's sector chosen by branches instead of
// masks; one thread per four pixels (12 bytes, three u32 words of each image), each output
// word written as a double, as references write.
__device__ static void hsv_px(int b, int g, int r, int* hsv) {
  const int v = b > g ? (b > r ? b : r) : (g > r ? g : r);
  const int lo = b < g ? (b < r ? b : r) : (g < r ? g : r);
  const int d = v - lo;
  const long long rv = v ? (long long)floor(1044480.0 / v + 0.5) : 0;        // (255 << 12) / v
  const long long rd = d ? (long long)floor(737280.0 / (6.0 * d) + 0.5) : 0;  // (180 << 12) / 6d
  long long h;
  if (v == r)
    h = g - b;
  else if (v == g)
    h = b - r + 2 * d;
  else
    h = r - g + 4 * d;
  h = (long long)floor((double)(h * rd + 2048) / 4096.0);
  if (h < 0) h += 180;
  hsv[0] = (int)(h < 0 ? 0 : (h > 255 ? 255 : h));
  hsv[1] = (int)floor((double)(d * rv + 2048) / 4096.0);
  hsv[2] = v;
}

extern "C" __global__ void bgr_to_hsv_8u_ref(long long rows, long long words_per_row,
                                          const unsigned* src, double* dst) {
  const long long groups = rows * (words_per_row / 3);
  for (long long g = (long long)blockIdx.x * blockDim.x + threadIdx.x; g < groups;
       g += (long long)blockDim.x * gridDim.x) {
    const unsigned* w = src + g * 3;  // rows hold whole groups: 11520 bytes = 960 x 12
    unsigned char in[12], out[12];
    for (int k = 0; k < 12; ++k) in[k] = (unsigned char)(w[k / 4] >> (8 * (k % 4)));
    for (int p = 0; p < 4; ++p) {
      int hsv[3];
      hsv_px(in[3 * p], in[3 * p + 1], in[3 * p + 2], hsv);
      for (int c = 0; c < 3; ++c) out[3 * p + c] = (unsigned char)hsv[c];
    }
    for (int k = 0; k < 3; ++k) {
      const unsigned word = (unsigned)out[4 * k] | ((unsigned)out[4 * k + 1] << 8) |
                            ((unsigned)out[4 * k + 2] << 16) | ((unsigned)out[4 * k + 3] << 24);
      dst[g * 3 + k] = (double)word;
    }
  }
}
