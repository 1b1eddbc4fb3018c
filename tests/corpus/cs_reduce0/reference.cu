// float64 reference for corpus problem cs_reduce0 (written for the corpus)
extern "C" __global__ void reduce0_ref(double* o, const float* in, unsigned int n) {
  unsigned int b = blockIdx.x * blockDim.x + threadIdx.x;
  if (b >= n / 256) return;
  double s = 0; for (int j = 0; j < 256; j++) s += in[(long)b * 256 + j];
  o[b] = s;
}
