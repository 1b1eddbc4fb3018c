// float64 reference (written for the red team, after llm.c's matmul_backward_bias_cpu): a
// thread per channel, the rows summed in double, added to the accumulator.
extern "C" __global__ void bias_ref(double* dbias, const float* dout, int B, int T, int OC) {
  int o = blockIdx.x * blockDim.x + threadIdx.x;
  if (o >= OC) return;
  double sum = 0.0;
  for (int r = 0; r < B * T; ++r) sum += (double)dout[(size_t)r * OC + o];
  dbias[o] += sum;
}
