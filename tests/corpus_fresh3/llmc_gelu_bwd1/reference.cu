// float64 reference for corpus_fresh3 problem llmc_gelu_bwd1 (written for the corpus)
extern "C" __global__ void gelu_bwd_ref(double* dinp, const float* inp, const float* dout, int N) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= N) return;
  const double s = 0.7978845608028654;
  double x = inp[i];
  double a = s * (x + 0.044715 * x * x * x);
  double c = cosh(a);
  double g = 0.5 * (1.0 + tanh(a)) + x * 0.5 * (1.0 / (c * c)) * s * (1.0 + 3.0 * 0.044715 * x * x);
  dinp[i] = g * (double)dout[i];
}
