// corpus: median7x7_local_sort -- from written for the corpus, tests/corpus/median7x7_local_sort/kernel.cu @ -
// license: same license as this repository
// adapted: none (written here in the common tutorial form of a CUDA median filter: gather the window into a local array, bubble-sort it, take the middle)
#define MAX_WIN 49  // up to 7x7
extern "C" __global__ void median_filter(float* out, const float* img, int w, int h, int r) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  float window[MAX_WIN];
  int k = 0;
  for (int dy = -r; dy <= r; dy++)
    for (int dx = -r; dx <= r; dx++) {
      int xx = min(max(x + dx, 0), w - 1), yy = min(max(y + dy, 0), h - 1);
      window[k++] = img[yy * w + xx];
    }
  // bubble sort the window
  for (int i = 0; i < k - 1; i++)
    for (int j = 0; j < k - 1 - i; j++)
      if (window[j] > window[j + 1]) { float t = window[j]; window[j] = window[j + 1]; window[j + 1] = t; }
  out[y * w + x] = window[k / 2];
}
