// float64 reference for corpus problem llmc_gelu_fwd (written for the corpus)
extern "C" __global__ void gelu_ref(double* out, const float* inp, int N) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= N) return;
  double x = inp[i];
  out[i] = 0.5 * x * (1.0 + tanh(0.7978845608028654 * (x + 0.044715 * x * x * x)));
}
