// float64 reference for corpus problem cs_transpose_naive (written for the corpus)
extern "C" __global__ void transpose_ref(double* o, const float* in, int W, int H) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= (long)W * H) return;
  long y = i / W, x = i % W;
  o[x * H + y] = in[i];
}
