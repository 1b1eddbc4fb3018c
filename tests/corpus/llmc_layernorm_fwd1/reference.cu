// float64 reference for corpus problem llmc_layernorm_fwd1 (written for the corpus)
extern "C" __global__ void layernorm1_ref(double* out, double* mean, double* rstd, const float* inp, const float* w, const float* b, int N, int C) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= N) return;
  const float* x = inp + (long)r * C;
  double m = 0; for (int i = 0; i < C; i++) m += x[i]; m /= C;
  double v = 0; for (int i = 0; i < C; i++) { double d = x[i] - m; v += d * d; } v /= C;
  double s = 1.0 / sqrt(v + 1e-5);
  for (int i = 0; i < C; i++) out[(long)r * C + i] = s * (x[i] - m) * w[i] + b[i];
  mean[r] = m; rstd[r] = s;
}
