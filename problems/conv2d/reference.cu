// Float64 reference: y[n][k][oh][ow] = sum over c, r, s of x[n][c][oh+r-PAD][ow+s-PAD]·w[k][c][r][s]
// (stride 1, zero padding), one output per thread, double accumulation (a product of two floats
// is exact in double). Written for clarity, not speed.
extern "C" __global__ void conv_ref(const float* x, const float* w, double* y, int NB, int C,
                                    int K, int H, int W, int R, int S, int PAD) {
  const long long idx = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  const long long total = (long long)NB * K * H * W;
  if (idx >= total) return;
  const int ow = int(idx % W), oh = int((idx / W) % H), k = int((idx / ((long long)W * H)) % K);
  const int n = int(idx / ((long long)W * H * K));
  double acc = 0.0;
  for (int c = 0; c < C; ++c)
    for (int r = 0; r < R; ++r)
      for (int s = 0; s < S; ++s) {
        const int ih = oh + r - PAD, iw = ow + s - PAD;
        if (ih < 0 || ih >= H || iw < 0 || iw >= W) continue;
        acc = fma((double)x[(((size_t)n * C + c) * H + ih) * W + iw],
                  (double)w[(((size_t)k * C + c) * R + r) * S + s], acc);
      }
  y[idx] = acc;
}
