// corpus_fresh6: pt_bincount_labels -- pytorch/pytorch, aten/src/ATen/native/cuda/SummaryOps.cu
// (kernelHistogram1D<int64_t, int64_t, int64_t, 1, 2, -1, CUDAHistogramMemoryType::SHARED>, the
// path torch.bincount takes for fewer than 100 bins), rewritten for the problem format (see
// README.md). Each block zeroes a shared copy of the histogram, adds one count per element of its
// grid-stride share with a shared-memory atomic, then adds its copy into the global histogram
// with one global atomic per bin.
#define FOR_KERNEL_LOOP(i, lim) \
  for (long long i = blockIdx.x * blockDim.x + threadIdx.x; i < lim; i += gridDim.x * blockDim.x)

__device__ __forceinline__ long long get_bin(long long bVal, long long minvalue, long long maxvalue,
                                             long long nbins) {
  long long bin = (int)((bVal - minvalue) * nbins / (maxvalue - minvalue));
  // the last bin also holds maxvalue
  if (bin == nbins) bin -= 1;
  return bin;
}

extern "C" __global__ void kernelHistogram1D_shared(long long* a, const long long* b,
                                                    long long nbins, long long minvalue,
                                                    long long maxvalue, long long totalElements) {
  extern __shared__ unsigned char my_smem[];
  long long* smem = reinterpret_cast<long long*>(my_smem);
  for (long long i = threadIdx.x; i < nbins; i += blockDim.x) smem[i] = 0;
  __syncthreads();
  FOR_KERNEL_LOOP(linearIndex, totalElements) {
    const long long bVal = b[linearIndex];
    if (bVal >= minvalue && bVal <= maxvalue) {
      const long long bin = get_bin(bVal, minvalue, maxvalue, nbins);
      atomicAdd(reinterpret_cast<unsigned long long*>(&smem[bin]), 1ULL);
    }
  }
  __syncthreads();
  for (long long i = threadIdx.x; i < nbins; i += blockDim.x)
    atomicAdd(reinterpret_cast<unsigned long long*>(&a[i]), (unsigned long long)smem[i]);
}
