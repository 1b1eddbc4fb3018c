// float64 reference for corpus_fresh problem atomic_sum_naive (written for the corpus): one block
// sums with a strided loop and a shared-memory tree.
extern "C" __global__ void sum_ref(const float* in, double* out, int n) {
  __shared__ double part[256];
  double s = 0;
  for (int i = threadIdx.x; i < n; i += blockDim.x) s += (double)in[i];
  part[threadIdx.x] = s;
  __syncthreads();
  for (int k = 128; k > 0; k >>= 1) {
    if (threadIdx.x < k) part[threadIdx.x] += part[threadIdx.x + k];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[0] = part[0];
}
