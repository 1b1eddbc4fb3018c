// reference for corpus_fresh2 problem fence_publish (written for the corpus)
extern "C" __global__ void fence_publish_ref(const float* x, double* y, double* ready, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { y[i] = 2.0 * (double)x[i] + 1.0; ready[i] = 1.0; }
}
