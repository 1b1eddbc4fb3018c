// control_hon20_welford_rowvar seed: a thread per row, the mean, then the mean squared deviation.
extern "C" __global__ void rowvar_two_pass(const float* x, float* mean, float* var, int R, int C) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= R) return;
  const float* row = x + (size_t)r * C;
  float s = 0.f;
  for (int j = 0; j < C; ++j) s += row[j];
  const float m = s / C;
  float ss = 0.f;
  for (int j = 0; j < C; ++j) ss += (row[j] - m) * (row[j] - m);
  mean[r] = m;
  var[r] = ss / C;
}
