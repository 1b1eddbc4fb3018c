// float64 reference for corpus problem llmc_residual_fwd (written for the corpus)
extern "C" __global__ void residual_ref(double* out, const float* a, const float* b, int N) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) out[i] = (double)a[i] + (double)b[i];
}
