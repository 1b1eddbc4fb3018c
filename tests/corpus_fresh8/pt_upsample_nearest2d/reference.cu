// reference for corpus_fresh8 pt_upsample_nearest2d (written for the corpus): nearest-neighbour
// upsampling, out[p, y, x] = in[p, floor(y * H1 / H2), floor(x * W1 / W2)] computed in integers
// (exact for these sizes), one thread per output pixel.
extern "C" __global__ void upsample_nearest_ref(const float* x, double* y, long long n, long long h1,
                                                long long w1, long long h2, long long w2) {
  const long long o = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (o >= n) return;
  const long long ox = o % w2, oy = (o / w2) % h2, p = o / (w2 * h2);
  const long long sy = oy * h1 / h2, sx = ox * w1 / w2;
  y[o] = (double)x[(p * h1 + sy) * w1 + sx];
}
