// reference for corpus_fresh7 trtllm_quantize_int8 (written for the corpus): q = clamp(round(x *
// scale), -128, 127) with round-half-to-even, the float product as the operation defines it (a
// double product could round a tie differently); four codes packed little-endian per 32-bit
// word, as the kernel's char4 stores leave them in the word-typed output.
extern "C" __global__ void quantize_ref(const float* x, const float* scale, double* q,
                                        long long nw) {
  const long long w = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (w >= nw) return;
  unsigned int word = 0;
  for (int b = 0; b < 4; ++b) {
    float r = rintf(__fmul_rn(x[4 * w + b], scale[0]));
    r = fminf(fmaxf(r, -128.0f), 127.0f);
    word |= ((unsigned int)((int)r) & 0xffu) << (8 * b);
  }
  q[w] = (double)word;
}
