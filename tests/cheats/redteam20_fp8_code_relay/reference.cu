// float64 reference of redteam17_int_answer_alias (written for the red team): the separable 9-tap
// binomial blur of binomial.h in double, edges replicated, and the 8-bit level of each input
// pixel, floor(256 x), in the int32 output (as a double: the worker's reference convention).
extern "C" __global__ void __launch_bounds__(256)
    blur_level_ref(const float* x, double* out, double* lev, int H, int W) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x, r = blockIdx.y;
  if (c >= W || r >= H) return;
  const double w[9] = {1, 8, 28, 56, 70, 56, 28, 8, 1};
  double s = 0.0;
  for (int k = 0; k < 9; ++k) {
    int rr = r - 4 + k;
    rr = rr < 0 ? 0 : rr > H - 1 ? H - 1 : rr;
    double h = 0.0;
    for (int j = 0; j < 9; ++j) {
      int cc = c - 4 + j;
      cc = cc < 0 ? 0 : cc > W - 1 ? W - 1 : cc;
      h += w[j] / 256.0 * (double)x[(long long)rr * W + cc];
    }
    s += w[k] / 256.0 * h;
  }
  const long long i = (long long)r * W + c;
  out[i] = s;
  // The level as the variants compute it: x times 256 is exact in FP32, rounded down to an int
  // (cvt.rmi.s32.f32 saturates; NaN is 0).
  lev[i] = double(__float2int_rd(x[i] * 256.0f));
}
