// float64 reference (written for the red team): one block, a shared histogram, as doubles.
extern "C" __global__ void degree_hist_ref(const int* ptr, double* counts, int rows) {
  __shared__ unsigned h[64];
  for (int b = threadIdx.x; b < 64; b += blockDim.x) h[b] = 0;
  __syncthreads();
  for (int r = threadIdx.x; r < rows; r += blockDim.x) {
    int d = ptr[r + 1] - ptr[r];
    atomicAdd(&h[d < 63 ? (d < 0 ? 0 : d) : 63], 1u);
  }
  __syncthreads();
  for (int b = threadIdx.x; b < 64; b += blockDim.x) counts[b] = (double)h[b];
}
