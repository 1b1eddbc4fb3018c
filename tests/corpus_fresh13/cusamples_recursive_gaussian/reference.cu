// Reference for corpus_fresh13 cusamples_recursive_gaussian (written for the corpus): the
// column pass of the sample's recursive Gaussian (clamp-to-edge causal and anti-causal
// recursions, each output saturated to [0, 1]) in float64, one thread per column.
__device__ __forceinline__ double sat01(double v) { return v < 0.0 ? 0.0 : (v > 1.0 ? 1.0 : v); }

extern "C" __global__ void rgauss_ref(int w, int h, float a0, float a1, float a2, float a3,
                                      float b1, float b2, float coefp, float coefn,
                                      const unsigned int* id, double* od) {
  for (long long x = (long long)blockIdx.x * blockDim.x + threadIdx.x; x < w;
       x += (long long)blockDim.x * gridDim.x) {
    for (int c = 0; c < 4; ++c) {
      auto in = [&](long long y) { return (double)((id[y * w + x] >> (8 * c)) & 0xff) / 255.0; };
      double xp = in(0), yb = coefp * xp, yp = yb;
      for (long long y = 0; y < h; ++y) {
        const double xc = in(y);
        const double yc = a0 * xc + a1 * xp - b1 * yp - b2 * yb;
        od[(y * w + x) * 4 + c] = sat01(yc);
        xp = xc;
        yb = yp;
        yp = yc;
      }
      double xn = in(h - 1), xa = xn, yn = coefn * xn, ya = yn;
      for (long long y = h - 1; y >= 0; --y) {
        const double xc = in(y);
        const double yc = a2 * xn + a3 * xa - b1 * yn - b2 * ya;
        xa = xn;
        xn = xc;
        ya = yn;
        yn = yc;
        od[(y * w + x) * 4 + c] = sat01(od[(y * w + x) * 4 + c] + yc);
      }
    }
  }
}
