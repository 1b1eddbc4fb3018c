// reference for corpus_fresh8 cv_equalize_hist_const (written for the corpus): histogram
// equalisation with the cumulative histogram of an image whose 256 values are equally frequent,
// cdf(v) = (v + 1) N / 256 for N pixels: out = round_half_even(255 cdf(v) / N), computed in
// float64 (exact here), one thread per 32-bit word of four pixels, packed little-endian.
extern "C" __global__ void equalize_ref(const unsigned int* src, double* dst, long long nw,
                                        long long npix) {
  const long long w = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (w >= nw) return;
  const unsigned int s = src[w];
  unsigned int out = 0;
  for (int b = 0; b < 4; ++b) {
    const unsigned int v = (s >> (8 * b)) & 0xffu;
    const double cdf = (double)(v + 1) * (double)(npix / 256);
    const unsigned int q = (unsigned int)rint(255.0 / (double)npix * cdf);
    out |= (q & 0xffu) << (8 * b);
  }
  dst[w] = (double)out;
}
