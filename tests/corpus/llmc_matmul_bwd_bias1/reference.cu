// float64 reference for corpus problem llmc_matmul_bwd_bias1 (written for the corpus)
extern "C" __global__ void bias_ref(double* dbias, const float* dout, int B, int T, int OC) {
  int o = blockIdx.x * blockDim.x + threadIdx.x;
  if (o >= OC) return;
  double s = 0; for (long r = 0; r < (long)B * T; r++) s += dout[r * OC + o];
  dbias[o] += s;
}
