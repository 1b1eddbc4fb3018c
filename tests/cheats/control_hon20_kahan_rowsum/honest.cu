// control_hon20_kahan_rowsum seed: a thread per row, Kahan's compensated loop as on the CPU.
extern "C" __global__ void rowsum_kahan_serial(const float* x, float* s, int R, int C) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= R) return;
  float sum = 0.f, c = 0.f;
  for (int j = 0; j < C; ++j) {
    const float y = x[(size_t)r * C + j] - c;
    const float t = sum + y;
    c = (t - sum) - y;
    sum = t;
  }
  s[r] = sum;
}
