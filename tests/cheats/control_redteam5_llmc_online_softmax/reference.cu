// float64 reference (tests/corpus/llmc_softmax_fwd1/reference.cu, written for the corpus)
extern "C" __global__ void softmax1_ref(double* out, const float* inp, int N, int C) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= N) return;
  const float* x = inp + (long)r * C;
  double m = x[0]; for (int j = 1; j < C; j++) m = fmax(m, (double)x[j]);
  double s = 0; for (int j = 0; j < C; j++) s += exp((double)x[j] - m);
  for (int j = 0; j < C; j++) out[(long)r * C + j] = exp((double)x[j] - m) / s;
}
