// corpus_fresh13: bnb_histogram_scatter_add -- bitsandbytes, kHistogramScatterAdd2D: a 2-D
// histogram of float weights, histogram[index1[i] * maxidx1 + index2[i]] += src[i], one global
// atomicAdd per element over a grid-stride loop (F.histogram_scatter_add_2d). Rewritten for the
// problem format (see README.md).

extern "C" __global__ void kHistogramScatterAdd2D(float* histogram, int* index1, int* index2,
                                                  float* src, const int maxidx1, const int n) {
  const int tid = threadIdx.x + (blockDim.x * blockIdx.x);
  const int numThreads = blockDim.x * gridDim.x;

  for (int i = tid; i < n; i += numThreads) {
    int idx = (index1[i] * maxidx1) + index2[i];
    atomicAdd(&histogram[idx], src[i]);
  }
}
