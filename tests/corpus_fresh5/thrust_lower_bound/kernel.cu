// corpus_fresh5: thrust_lower_bound -- NVIDIA/cccl thrust, vectorized thrust::lower_bound
// (thrust/system/detail/generic/binary_search.inl: a transform whose functor runs
// scalar::lower_bound_n per search value), rewritten for the problem format (see README.md).
// One search value per thread: the classic halving loop over the sorted haystack.
extern "C" __global__ void thrust_lower_bound_transform(const float* __restrict__ haystack, int n,
                                                        const float* __restrict__ values,
                                                        int* __restrict__ result, int m) {
  int q = blockIdx.x * blockDim.x + threadIdx.x;
  if (q >= m) return;
  const float val = values[q];
  int start = 0, len = n;
  while (start < len) {
    int mid = (start + len) / 2;
    if (haystack[mid] < val)
      start = mid + 1;
    else
      len = mid;
  }
  result[q] = start;
}
