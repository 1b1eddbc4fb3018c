#include "common.cuh"
// One block: a shared histogram over every key, written as doubles.
extern "C" __global__ void hist_ref(const int* x, double* counts, int n) {
  __shared__ unsigned h[256];
  for (int b = threadIdx.x; b < 256; b += blockDim.x) h[b] = 0;
  __syncthreads();
  for (int i = threadIdx.x; i < n; i += blockDim.x) atomicAdd(&h[mixed_bin(x[i])], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < 256; b += blockDim.x) counts[b] = (double)h[b];
}
