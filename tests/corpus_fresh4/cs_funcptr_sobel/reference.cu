// reference for corpus_fresh4 problem cs_funcptr_sobel (written for the corpus): one thread per
// output word (4 pixels), Sobel on the clamped 3x3 neighbourhood, then the 150 threshold; the
// integer result as a double (exact)
__device__ unsigned int px(const unsigned int* img, int w, int h, int x, int y) {
  x = x < 0 ? 0 : (x > w - 1 ? w - 1 : x);
  y = y < 0 ? 0 : (y > h - 1 ? h - 1 : y);
  const long long b = (long long)y * w + x;
  return (img[b / 4] >> (8 * (b % 4))) & 0xffu;
}
extern "C" __global__ void sobel_ref(const unsigned int* img, double* out, int w, int h,
                                     float fScale) {
  const long long word = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (word >= (long long)w * h / 4) return;
  unsigned int packed = 0;
  for (int k = 0; k < 4; ++k) {
    const long long b = word * 4 + k;
    const int y = (int)(b / w), x = (int)(b % w);
    const int ul = px(img, w, h, x - 1, y - 1), um = px(img, w, h, x, y - 1),
              ur = px(img, w, h, x + 1, y - 1), ml = px(img, w, h, x - 1, y),
              mr = px(img, w, h, x + 1, y), ll = px(img, w, h, x - 1, y + 1),
              lm = px(img, w, h, x, y + 1), lr = px(img, w, h, x + 1, y + 1);
    const int horz = ur + 2 * mr + lr - ul - 2 * ml - ll;
    const int vert = ul + 2 * um + ur - ll - 2 * lm - lr;
    int sum = (short)__fmul_rn(fScale, (float)(abs(horz) + abs(vert)));
    sum = sum < 0 ? 0 : (sum > 255 ? 255 : sum);
    const unsigned int v = (float)sum > 150.0f ? 255u : 0u;
    packed |= v << (8 * k);
  }
  out[word] = (double)packed;
}
