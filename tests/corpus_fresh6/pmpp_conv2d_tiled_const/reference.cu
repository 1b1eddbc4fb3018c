// reference for corpus_fresh6 pmpp_conv2d_tiled_const: the 2D convolution written from its
// definition, P(r, c) = sum over |i|, |j| <= 2 of F(i + 2, j + 2) N(r + i, c + j), pixels
// outside the image counting zero; one thread per output pixel, in float64.
#include "filter.h"

extern "C" __global__ void conv2d_ref(const float* N, double* P, int width, int height) {
  long long id = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (id >= (long long)width * height) return;
  int r = (int)(id / width), c = (int)(id % width);
  double acc = 0;
  for (int i = -FILTER_RADIUS; i <= FILTER_RADIUS; ++i)
    for (int j = -FILTER_RADIUS; j <= FILTER_RADIUS; ++j) {
      int rr = r + i, cc = c + j;
      if (rr < 0 || rr >= height || cc < 0 || cc >= width) continue;
      acc +=
          (double)F_c[i + FILTER_RADIUS][j + FILTER_RADIUS] * (double)N[(long long)rr * width + cc];
    }
  P[id] = acc;
}
