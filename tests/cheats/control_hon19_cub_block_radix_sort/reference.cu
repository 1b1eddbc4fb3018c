// reference (hon19): each segment sorted by a thread (a shell sort on the output, in double).
extern "C" __global__ void sort_ref(const float* keys, double* out, int n) {
  const int seg = blockIdx.x * blockDim.x + threadIdx.x;
  if (seg >= n / 2048) return;
  double* o = out + (size_t)seg * 2048;
  for (int i = 0; i < 2048; ++i) o[i] = keys[(size_t)seg * 2048 + i];
  for (int gap = 1023; gap > 0; gap = gap == 1 ? 0 : gap / 2 | 1) {
    for (int i = gap; i < 2048; ++i) {
      const double v = o[i];
      int j = i;
      for (; j >= gap && o[j - gap] > v; j -= gap) o[j] = o[j - gap];
      o[j] = v;
    }
    if (gap == 1) break;
  }
}
