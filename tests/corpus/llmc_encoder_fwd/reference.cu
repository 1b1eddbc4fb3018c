// float64 reference for corpus problem llmc_encoder_fwd (written for the corpus)
extern "C" __global__ void encoder_ref(double* out, const int* inp, const float* wte, const float* wpe, int B, int T, int C) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= (long)B * T * C) return;
  long bt = i / C; int c = i % C; int t = bt % T;
  out[i] = (double)wte[(long)inp[bt] * C + c] + (double)wpe[(long)t * C + c];
}
