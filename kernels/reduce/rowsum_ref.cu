// float64 reference of the hon20 row sums (tests/cheats/control_hon20_kahan_rowsum,
// control_hon20_df64_rowsum): a thread per row, a double sum.
extern "C" __global__ void rowsum_ref(const float* x, double* s, int R, int C) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= R) return;
  double acc = 0;
  for (int j = 0; j < C; ++j) acc += (double)x[(size_t)r * C + j];
  s[r] = acc;
}
