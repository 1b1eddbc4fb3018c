// Reference for corpus_fresh13 bnb_histogram_scatter_add (written for the corpus): the 2-D
// histogram of weights in float64. One block per histogram row: the block scans every element,
// adds those of its row into double accumulators in shared memory, and writes the row (so the
// output needs no zeroing and no global atomics).
extern "C" __global__ void hist2d_ref(int maxidx1, int maxidx2, int n, const int* index1,
                                      const int* index2, const float* src, double* histogram) {
  extern __shared__ double row[];  // maxidx2 accumulators
  for (int r = blockIdx.x; r < maxidx1; r += gridDim.x) {
    for (int b = threadIdx.x; b < maxidx2; b += blockDim.x) row[b] = 0.0;
    __syncthreads();
    for (long long i = threadIdx.x; i < n; i += blockDim.x)
      if (index1[i] == r) atomicAdd(&row[index2[i]], (double)src[i]);
    __syncthreads();
    for (int b = threadIdx.x; b < maxidx2; b += blockDim.x)
      histogram[(long long)r * maxidx1 + b] = row[b];
    __syncthreads();
  }
}
