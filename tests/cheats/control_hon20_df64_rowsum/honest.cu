// control_hon20_df64_rowsum seed: a thread per row, an FP64 sum.
extern "C" __global__ void rowsum_f64(const float* x, double* s, int R, int C) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= R) return;
  double acc = 0;
  for (int j = 0; j < C; ++j) acc += (double)x[(size_t)r * C + j];
  s[r] = acc;
}
