// corpus_fresh13: cusamples_xyzw_frequency -- NVIDIA cuda-samples, c++11_cuda: xyzw_frequency,
// which counts the characters of a text that are 'x', 'y', 'z' or 'w' with a grid-stride loop
// (the sample's grid_stride_range over a range-based for) and one atomicAdd per match into a
// single counter. Rewritten for the problem format (see README.md).

// the sample's count_if: every thread walks the text with the grid's stride
template <typename Predicate>
__device__ void count_if(int* count, const char* data, int n, Predicate p) {
  const int stride = gridDim.x * blockDim.x;
  for (int i = blockDim.x * blockIdx.x + threadIdx.x; i < n; i += stride) {
    if (p(data[i])) atomicAdd(count, 1);
  }
}

extern "C" __global__ void xyzw_frequency(int* count, char* text, int n) {
  const char letters[]{'x', 'y', 'z', 'w'};
  count_if(count, text, n, [&](char c) {
    for (const auto x : letters)
      if (c == x) return true;
    return false;
  });
}
