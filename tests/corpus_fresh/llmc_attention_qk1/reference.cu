// float64 reference for corpus_fresh problem llmc_attention_qk1 (written for the corpus)
extern "C" __global__ void qk_ref(double* preatt, const float* inp, int B, int T, int C, int NH) {
  long idx = (long)blockIdx.x * blockDim.x + threadIdx.x;
  long total = (long)B * NH * T * T;
  if (idx >= total) return;
  int t2 = idx % T, t = (idx / T) % T, h = (idx / ((long)T * T)) % NH;
  int b = idx / ((long)NH * T * T);
  if (t2 > t) {
    preatt[idx] = -3.402823466e+38;
    return;
  }
  int C3 = 3 * C, hs = C / NH;
  const float* q = inp + (long)b * T * C3 + (long)t * C3 + h * hs;
  const float* k = inp + (long)b * T * C3 + (long)t2 * C3 + h * hs + C;
  double v = 0;
  for (int i = 0; i < hs; ++i) v += (double)q[i] * (double)k[i];
  preatt[idx] = v / sqrt((double)hs);
}
