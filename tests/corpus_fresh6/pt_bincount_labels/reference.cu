// reference for corpus_fresh6 pt_bincount_labels: the number of labels equal to each value
// 0..nbins-1. Block (chunk, bin) counts its bin over one contiguous chunk with a shared tree and
// adds the count to the (zeroed) output, a 64-bit integer output taken in its own type
// (docs/problem-format.md; the shared partial counts stay exact far below 2^53).
extern "C" __global__ void bincount_ref(const long long* labels, unsigned long long* counts,
                                        long long n, long long chunk) {
  __shared__ double part[256];
  const long long bin = blockIdx.y;
  const long long lo = blockIdx.x * chunk;
  const long long hi = lo + chunk < n ? lo + chunk : n;
  double c = 0;
  for (long long i = lo + threadIdx.x; i < hi; i += blockDim.x) c += labels[i] == bin ? 1 : 0;
  part[threadIdx.x] = c;
  __syncthreads();
  for (int s = 128; s > 0; s >>= 1) {
    if (threadIdx.x < s) part[threadIdx.x] += part[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(&counts[bin], (unsigned long long)part[0]);
}
