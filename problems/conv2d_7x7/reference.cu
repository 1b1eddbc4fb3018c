// Float64 reference: one output per thread, the 7 x 7 cross-correlation with zero outside the
// image, the products summed in double.
extern "C" __global__ void conv_ref(const float* x, const float* w, double* y, int W, int H) {
  const int ox = blockIdx.x * blockDim.x + threadIdx.x;
  const int oy = blockIdx.y * blockDim.y + threadIdx.y;
  if (ox >= W || oy >= H) return;
  double acc = 0.0;
  for (int i = 0; i < 7; ++i)
    for (int j = 0; j < 7; ++j) {
      const int r = oy - 3 + i, c = ox - 3 + j;
      if (r >= 0 && r < H && c >= 0 && c < W)
        acc += (double)w[i * 7 + j] * (double)x[(size_t)r * W + c];
    }
  y[(size_t)oy * W + ox] = acc;
}
