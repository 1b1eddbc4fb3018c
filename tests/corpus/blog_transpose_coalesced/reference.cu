// float64 reference for corpus problem blog_transpose_coalesced (written for the corpus)
extern "C" __global__ void tpc_ref(double* o, const float* in, int N) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= (long)N * N) return;
  long y = i / N, x = i % N;
  o[x * N + y] = in[i];
}
