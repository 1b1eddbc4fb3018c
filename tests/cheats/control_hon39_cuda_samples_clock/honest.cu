// control_hon39_cuda_samples_clock seed: a thread per row.
extern "C" __global__ void rowmin_serial(const float* x, float* y, int R, int C) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= R) return;
  float m = x[(size_t)r * C];
  for (int j = 1; j < C; ++j) m = fminf(m, x[(size_t)r * C + j]);
  y[r] = m;
}
