// float64 reference for corpus problem gems3_scan_blelloch (written for the corpus)
extern "C" __global__ void scan_blelloch_ref(double* o, const float* in, int n) {
  int seg = blockIdx.x * blockDim.x + threadIdx.x;
  if (seg >= n / 1024) return;
  double s = 0;
  for (int j = 0; j < 1024; j++) { long i = (long)seg * 1024 + j; o[i] = s; s += in[i]; }
}
