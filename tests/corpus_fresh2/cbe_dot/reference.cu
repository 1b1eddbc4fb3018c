// float64 reference for corpus_fresh2 problem cbe_dot (written for the corpus): block k's partial
// is the sum over the indices whose position modulo 256*blocks falls in [256k, 256k+256)
extern "C" __global__ void dot_ref(const float* a, const float* b, double* c, int N, int blocks) {
  int k = threadIdx.x;
  if (k >= blocks) return;
  double s = 0;
  for (long base = (long)k * 256; base < N; base += 256L * blocks)
    for (int j = 0; j < 256 && base + j < N; ++j) s += (double)a[base + j] * (double)b[base + j];
  c[k] = s;
}
