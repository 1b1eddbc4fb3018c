// float64 reference for corpus_fresh4 problem cs_boxfilter_x_global (written for the corpus): the
// box average of radius r along each row, edge pixels duplicated (what the sliding window sums)
extern "C" __global__ void boxfilter_x_ref(const float* id, double* od, int w, int h, int r) {
  const long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= (long)w * h) return;
  const long y = i / w;
  const int x = (int)(i % w);
  double s = 0;
  for (int k = -r; k <= r; ++k) {
    int xx = x + k;
    xx = xx < 0 ? 0 : (xx > w - 1 ? w - 1 : xx);
    s += id[y * w + xx];
  }
  od[i] = s / (2 * r + 1);
}
