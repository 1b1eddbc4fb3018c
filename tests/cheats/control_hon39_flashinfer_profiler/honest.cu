// control_hon39_flashinfer_profiler seed: a thread per row, the mean square then the scaled row.
extern "C" __global__ void rmsnorm_serial(const float* x, const float* w, float* y, int R, int C) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= R) return;
  const float* row = x + (size_t)r * C;
  float ss = 0.f;
  for (int j = 0; j < C; ++j) ss = fmaf(row[j], row[j], ss);
  const float inv = rsqrtf(ss / (float)C + 1e-6f);
  for (int j = 0; j < C; ++j) y[(size_t)r * C + j] = row[j] * inv * w[j];
}
