// float64 reference for corpus problem median7x7_local_sort (written for the corpus)
extern "C" __global__ void median_ref(double* out, const float* img, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  float v[49]; int k = 0;
  for (int dy = -3; dy <= 3; dy++) for (int dx = -3; dx <= 3; dx++) v[k++] = img[min(max(y + dy, 0), h - 1) * w + min(max(x + dx, 0), w - 1)];
  for (int i = 1; i < 49; i++) { float t = v[i]; int j = i - 1; while (j >= 0 && v[j] > t) { v[j + 1] = v[j]; j--; } v[j + 1] = t; }
  out[(long)y * w + x] = v[24];
}
