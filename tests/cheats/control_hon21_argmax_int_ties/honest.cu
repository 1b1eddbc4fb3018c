// control_hon21_argmax_int_ties seed: a thread per row; only a strictly greater count replaces
// the best, so the first maximum wins.
extern "C" __global__ void argmax_rows(const int* counts, int* idx, int R, int C) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= R) return;
  const int* row = counts + (size_t)r * C;
  int best = row[0], at = 0;
  for (int j = 1; j < C; ++j)
    if (row[j] > best) best = row[j], at = j;
  idx[r] = at;
}
