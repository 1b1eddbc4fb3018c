// control_hon19_cg_layernorm seed: a thread per row: mean, variance about the mean, 1 / sqrt,
// then out = (x - mean) rstd w + b.
extern "C" __global__ void layernorm_rowthread(float* out, float* mean, float* rstd,
                                               const float* inp, const float* weight,
                                               const float* bias, int N, int C) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= N) return;
  const float* x = inp + (size_t)r * C;
  float m = 0.f;
  for (int i = 0; i < C; ++i) m += x[i];
  m /= C;
  float v = 0.f;
  for (int i = 0; i < C; ++i) v += (x[i] - m) * (x[i] - m);
  const float s = 1.0f / sqrtf(v / C + 1e-5f);
  for (int i = 0; i < C; ++i) out[(size_t)r * C + i] = s * (x[i] - m) * weight[i] + bias[i];
  mean[r] = m, rstd[r] = s;
}
