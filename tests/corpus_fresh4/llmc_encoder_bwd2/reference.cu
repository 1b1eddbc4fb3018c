// float64 reference for corpus_fresh4 problem llmc_encoder_bwd2 (written for the corpus): one
// thread per channel c, the (b, t) positions in the kernel's order; the inout buffers arrive as
// double holding their inputs.
extern "C" __global__ void encoder_bwd_ref(double* dwte, double* dwpe, const float* dout,
                                           const int* inp, int B, int T, int C) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= C) return;
  for (int i = 0; i < B * T; i++) {
    double d = dout[(long)i * C + c];
    dwte[(long)inp[i] * C + c] += d;
    dwpe[(long)(i % T) * C + c] += d;
  }
}
