// corpus: median7x7_local_sort -- from written for the corpus, tests/corpus/median7x7_local_sort/kernel.cu @ -
// license: same license as this repository
// adapted: none (written here in the common tutorial form of a CUDA median filter: gather the window into a local array, bubble-sort it, take the middle)
#define R 3
#define WIN ((2 * R + 1) * (2 * R + 1))
extern "C" __global__ void median7x7(float* out, const float* img, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  float window[WIN];
  int k = 0;
  for (int dy = -R; dy <= R; dy++)
    for (int dx = -R; dx <= R; dx++) {
      int xx = min(max(x + dx, 0), w - 1), yy = min(max(y + dy, 0), h - 1);
      window[k++] = img[yy * w + xx];
    }
  // bubble sort the window
  for (int i = 0; i < WIN - 1; i++)
    for (int j = 0; j < WIN - 1 - i; j++)
      if (window[j] > window[j + 1]) { float t = window[j]; window[j] = window[j + 1]; window[j + 1] = t; }
  out[y * w + x] = window[WIN / 2];
}
