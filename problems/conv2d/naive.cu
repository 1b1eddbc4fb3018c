// Seed: direct convolution, one output per thread over the flat NKHW index (consecutive threads
// take consecutive ow, so y is written coalesced), looping over c, r, s with a bounds check per
// tap. Every input pixel is re-read from L1/L2 by the K*R*S outputs that use it: no staging.
extern "C" __global__ void conv_naive(const float* __restrict__ x, const float* __restrict__ w,
                                      float* __restrict__ y, int NB, int C, int K, int H, int W) {
  const long long idx = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= (long long)NB * K * H * W) return;
  const int ow = int(idx % W), oh = int((idx / W) % H), k = int((idx / ((long long)W * H)) % K);
  const int n = int(idx / ((long long)W * H * K));
  const float* xn = x + (size_t)n * C * H * W;
  const float* wk = w + (size_t)k * C * 9;
  float acc = 0.0f;
  for (int c = 0; c < C; ++c)
    for (int r = 0; r < 3; ++r)
      for (int s = 0; s < 3; ++s) {
        const int ih = oh + r - 1, iw = ow + s - 1;
        if (ih >= 0 && ih < H && iw >= 0 && iw < W)
          acc += xn[((size_t)c * H + ih) * W + iw] * wk[c * 9 + r * 3 + s];
      }
  y[idx] = acc;
}
