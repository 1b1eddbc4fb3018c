// Reference for corpus_fresh11 tf_depthwise_nhwc (written for the corpus): a 3 x 3 depthwise
// convolution, NHWC, depth multiplier 1, zero padding, in float64: out[b][r][c][ch] = sum over
// the taps inside the image of in[b][r s - p + i][c s - p + j][ch] * f[i][j][ch].
extern "C" __global__ void depthwise_ref(int batch, int h, int w, int depth, int stride, int pad,
                                         int oh, int ow, const float* in, const float* f,
                                         double* out) {
  const long long total = (long long)batch * oh * ow * depth;
  for (long long e = (long long)blockIdx.x * blockDim.x + threadIdx.x; e < total;
       e += (long long)blockDim.x * gridDim.x) {
    const int ch = (int)(e % depth);
    const long long px = e / depth;
    const int c = (int)(px % ow), r = (int)((px / ow) % oh);
    const long long b = px / ((long long)ow * oh);
    double acc = 0.0;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) {
        const int y = r * stride - pad + i, x = c * stride - pad + j;
        if (y < 0 || y >= h || x < 0 || x >= w) continue;
        acc += (double)in[((b * h + y) * w + x) * depth + ch] * (double)f[(i * 3 + j) * depth + ch];
      }
    out[e] = acc;
  }
}
