// float64 reference for control_redteam5_llmc_encoder_bwd (written here): llm.c's
// encoder_backward_cpu, one thread per channel, accumulating into the double copies of the
// in-out gradients.
extern "C" __global__ void encoder_bwd_ref(double* dwte, double* dwpe, const float* dout,
                                           const int* inp, int B, int T, int C) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= C) return;
  for (int i = 0; i < B * T; ++i) {
    const int t = i % T;
    const double d = (double)dout[(long)i * C + c];
    dwte[(long)inp[i] * C + c] += d;
    dwpe[(long)t * C + c] += d;
  }
}
