// reference (hon21): the first index of the row's largest count, in one thread.
extern "C" __global__ void argmax_ref(const int* counts, double* idx, int R, int C) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= R) return;
  const int* row = counts + (size_t)r * C;
  int at = 0;
  for (int j = 1; j < C; ++j)
    if (row[j] > row[at]) at = j;
  idx[r] = at;
}
