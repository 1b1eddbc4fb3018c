// float64 reference for corpus problem llmc_permute (written for the corpus)
extern "C" __global__ void permute_ref(double* q, double* k, double* v, const float* inp, int B, int N, int NH, int d) {
  long idx = (long)blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= (long)B * NH * N * d) return;
  int d_ = idx % d; long r = idx / d; int n = r % N; r /= N; int h = r % NH; int b = r / NH;
  long base = (((long)b * N + n) * 3) * NH * d + (long)h * d + d_;
  q[idx] = inp[base]; k[idx] = inp[base + (long)NH * d]; v[idx] = inp[base + 2L * NH * d];
}
