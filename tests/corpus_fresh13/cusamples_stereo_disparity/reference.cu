// Reference for corpus_fresh13 cusamples_stereo_disparity (written for the corpus, after the
// sample's cpu_gold_stereo): for every pixel and disparity the sum over the 17 x 17 window of the
// absolute byte differences (edges clamped), the first disparity of least cost, plus 8.
extern "C" __global__ void stereo_ref(int w, int h, int minDisparity, int maxDisparity,
                                      const unsigned int* img0, const unsigned int* img1,
                                      double* odata) {
  const int R = 8;
  for (long long p = (long long)blockIdx.x * blockDim.x + threadIdx.x; p < (long long)w * h;
       p += (long long)blockDim.x * gridDim.x) {
    const int x = (int)(p % w), y = (int)(p / w);
    long long bestCost = 9999999, bestDisparity = 0;
    for (int d = minDisparity; d <= maxDisparity; ++d) {
      long long cost = 0;
      for (int i = -R; i <= R; ++i) {
        const int yy = min(max(y + i, 0), h - 1);
        for (int j = -R; j <= R; ++j) {
          const int xx = min(max(x + j, 0), w - 1);
          const int xxd = min(max(x + j + d, 0), w - 1);
          const unsigned int a = img0[yy * w + xx], b = img1[yy * w + xxd];
          for (int k = 0; k < 4; ++k) {
            const int da = (int)((a >> (8 * k)) & 0xff) - (int)((b >> (8 * k)) & 0xff);
            cost += da < 0 ? -da : da;
          }
        }
      }
      if (cost < bestCost) {
        bestCost = cost;
        bestDisparity = d + 8;
      }
    }
    odata[p] = (double)(unsigned int)bestDisparity;  // d + 8 < 0 wraps, as in the kernel's uint
  }
}
