// Reference for corpus_fresh14 pt_upsample_bilinear2d (written for the corpus): bilinear
// interpolation with align_corners = false (source coordinate (dst + 0.5) * in / out - 0.5,
// clamped at 0; the upper neighbour clamped to the last row/column), in float64, one thread
// per output element of every plane.
extern "C" __global__ void upsample_bilinear_ref(long long planes, long long H1, long long W1,
                                                 long long H2, long long W2, const float* x,
                                                 double* y) {
  const long long total = planes * H2 * W2;
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < total;
       i += (long long)blockDim.x * gridDim.x) {
    const long long w2 = i % W2, h2 = (i / W2) % H2, p = i / (W2 * H2);
    double hr = ((double)h2 + 0.5) * (double)H1 / (double)H2 - 0.5;
    double wr = ((double)w2 + 0.5) * (double)W1 / (double)W2 - 0.5;
    if (hr < 0) hr = 0;
    if (wr < 0) wr = 0;
    const long long h0 = (long long)hr, w0 = (long long)wr;
    const long long hp = h0 < H1 - 1 ? h0 + 1 : h0, wp = w0 < W1 - 1 ? w0 + 1 : w0;
    const double lh = hr - h0, lw = wr - w0;
    const float* in = x + p * H1 * W1;
    y[i] = (1 - lh) * ((1 - lw) * in[h0 * W1 + w0] + lw * in[h0 * W1 + wp]) +
           lh * ((1 - lw) * in[hp * W1 + w0] + lw * in[hp * W1 + wp]);
  }
}
