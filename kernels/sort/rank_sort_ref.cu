// float64 reference of the hon20 segmented sorts (control_hon20_bitonic_sort,
// control_hon20_radix_flip_sort): the seed's rank sort, the value stored as a double.
extern "C" __global__ void sort_ref(const float* x, double* y, int S, int L) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x, s = blockIdx.y;
  if (i >= L) return;
  const float* seg = x + (size_t)s * L;
  const float v = seg[i];
  int r = 0;
  for (int j = 0; j < L; ++j) r += (seg[j] < v) || (seg[j] == v && j < i);
  y[(size_t)s * L + r] = (double)v;
}
