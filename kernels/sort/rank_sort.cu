// The hon20 segmented sorts' seed (tests/cheats/control_hon20_bitonic_sort,
// control_hon20_radix_flip_sort): a thread per element; its rank in its segment is the number
// of smaller values plus the equal ones before it (a stable sort by value); y[rank] = x[i].
extern "C" __global__ void rank_sort(const float* x, float* y, int S, int L) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x, s = blockIdx.y;
  if (i >= L) return;
  const float* seg = x + (size_t)s * L;
  const float v = seg[i];
  int r = 0;
  for (int j = 0; j < L; ++j) {
    const float u = seg[j];
    r += (u < v) || (u == v && j < i);
  }
  y[(size_t)s * L + r] = v;
}
