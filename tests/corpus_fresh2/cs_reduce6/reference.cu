// float64 reference for corpus_fresh2 problem cs_reduce6 (written for the corpus): block b's
// partial is the sum of every element whose index modulo 512*blocks falls in [512b, 512b+512)
extern "C" __global__ void reduce6_ref(const float* in, double* out, int n, int blocks) {
  int b = threadIdx.x;
  if (b >= blocks) return;
  double s = 0;
  for (long base = (long)b * 512; base < n; base += 512L * blocks)
    for (int j = 0; j < 512 && base + j < n; ++j) s += (double)in[base + j];
  out[b] = s;
}
