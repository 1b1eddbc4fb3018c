// Seed: one output per thread, every tap read from global memory with its bounds check, and the
// thread index mapped the wrong way round: threadIdx.x walks down the rows, so a warp's 32
// threads (16 rows x 2 columns of a 16 x 16 block) read 16 rows 8 KiB apart, a sector each.
extern "C" __global__ void conv_naive(const float* x, const float* w, float* y, int W, int H) {
  const int oy = blockIdx.x * blockDim.x + threadIdx.x;
  const int ox = blockIdx.y * blockDim.y + threadIdx.y;
  if (ox >= W || oy >= H) return;
  float acc = 0.0f;
  for (int i = 0; i < 7; ++i)
    for (int j = 0; j < 7; ++j) {
      const int r = oy - 3 + i, c = ox - 3 + j;
      if (r >= 0 && r < H && c >= 0 && c < W) acc += w[i * 7 + j] * x[(size_t)r * W + c];
    }
  y[(size_t)oy * W + ox] = acc;
}
